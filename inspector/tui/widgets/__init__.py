"""Widgets of the app: heatmap (Line API), slider, knobs, profile, gauge, lines view."""
