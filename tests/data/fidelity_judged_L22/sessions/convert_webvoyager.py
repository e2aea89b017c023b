"""WebVoyager example runs are already OpenAI chat JSON: copy them byte for byte (no conversion).
Source: MinorJerry/WebVoyager (MIT) @ 5a7896738c10bfb8b9edccce6bb0e0411f8ae569, results/examples/<task>/interact_messages.json
(saved in raw/ under the session's name). Usage: python convert_webvoyager.py"""
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
for name in ("webvoyager_google_flights_8.json", "webvoyager_cambridge_dictionary_29.json"):
    shutil.copyfile(os.path.join(HERE, "raw", name), os.path.join(HERE, name))
    print(name)
