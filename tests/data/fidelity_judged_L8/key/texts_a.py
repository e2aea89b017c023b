# Hand-written replacements for L8 (tau-bench task 28, matplotlib-23314), by the set's writer.
T = {}
P = {}

S = "tau-bench_airline_gpt-4o_task28.json"
T[S, "faithful"] = """Summary of the conversation so far (I am the airline agent; the policy in the system prompt applies).

Customer: Amelia Davis, user ID amelia_davis_8890. She asked to cancel all of her upcoming flights and gave "personal reasons" as the reason. She had no reservation IDs, so I called get_user_details and listed her seven reservations; she replied "I would like to cancel all of these reservations".

get_reservation_details on each:
- 8C8K4E: BOS→DEN one way via MIA (HAT247, HAT193) on 2024-05-24, business, 2 passengers, insurance yes, paid 5680 with gift_card_1647044.
- UDMOP1: SFO round trip (via PHX on 2024-05-28, via PHL on 2024-05-29), basic_economy, no insurance, 251 on gift_card_7397998.
- XAZ3C0: ATL→CLT via LGA on 2024-05-27, basic_economy, no insurance, 296 on credit_card_4074252.
- LU15PA: SFO→PHX→SFO on 2024-05-23, business, no insurance, 2366 on gift_card_7397998.
- MSJ4OA: DFW→SFO via SEA on 2024-05-22, economy, insurance yes, 3 passengers, 984 on gift_card_1647044.
- I6M8JQ: LAS→EWR via MIA on 2024-05-09, economy, insurance yes, 752 on credit_card_5799376. The date is before today (2024-05-15): already flown.
- 4XGCCM: IAH→DTW round trip on 2024-05-03/04, business, insurance yes, 5074 on credit_card_4074252. Also already flown.
None was booked within the last 24 hours.

Done: cancel_reservation(8C8K4E) succeeded (status "cancelled", refund -5680 to gift_card_1647044); cancel_reservation(LU15PA) succeeded (status "cancelled", refund -2366 to gift_card_7397998). I did not list the actions and ask for an explicit "yes" before these calls, although the policy requires it before any update.

Policy for what is left: business can always be cancelled; economy and basic economy only within 24 h of booking, when the airline cancelled, or with insurance whose condition is met; a trip with any flown segment cannot be cancelled (transfer to a human instead).

Next: decide the remaining five (UDMOP1 and XAZ3C0 basic economy without insurance; MSJ4OA economy with insurance, reason personal; I6M8JQ and 4XGCCM already flown) and tell the customer which were cancelled, which cannot be, and that refunds take 5-7 business days."""

T[S, "faithful_short"] = """Customer amelia_davis_8890 wants all her upcoming flights cancelled (reason: personal). All 7 reservations were looked up: 8C8K4E (business, insured), UDMOP1 and XAZ3C0 (basic_economy, no insurance), LU15PA (business, no insurance), MSJ4OA (economy, insured), I6M8JQ (economy, flights on 2024-05-09, already flown) and 4XGCCM (business, 2024-05-03/04, already flown). cancel_reservation succeeded for 8C8K4E (5680 refunded to gift_card_1647044) and LU15PA (2366 refunded to gift_card_7397998); no explicit confirmation was asked first, though policy requires it. Still to do: check the other five against policy (business always; economy only within 24 h, airline cancellation or covering insurance; no trip with a flown segment) and report the outcome."""

T[S, "terse"] = """A customer asked to cancel every upcoming flight on her profile for personal reasons and confirmed she meant all of her reservations. The agent fetched her profile and every reservation, then started cancelling: the two business-class trips not yet flown are cancelled, refunds going back to the gift cards used. The other five still need a policy check (some are basic economy without insurance, two have already been flown) before the customer is told what could and could not be cancelled."""

T[S, "planted_errors"] = """Summary of the conversation so far (I am the airline agent; the policy in the system prompt applies).

Customer: Amelia Davis, user ID amelia_davis_8890. She asked to cancel all of her upcoming flights and gave "personal reasons" as the reason. She had no reservation IDs, so I called get_user_details and listed her seven reservations; she replied "I would like to cancel all of these reservations".

get_reservation_details on each:
- 8C8K4E: BOS→DEN one way via MIA (HAT247, HAT193) on 2024-05-24, business, 2 passengers, insurance yes, paid 5680.
- UDMOP1: SFO round trip (via PHX on 2024-05-28, via PHL on 2024-05-29), basic_economy, no insurance, 251 on gift_card_7397998.
- XAZ3C0: ATL→CLT via LGA on 2024-05-27, basic_economy, no insurance, 296 on credit_card_4074252.
- LU15PA: SFO→PHX→SFO on 2024-05-23, business, no insurance, 2366 on gift_card_7397998.
- MSJ4OA: DFW→SFO via SEA on 2024-05-22, economy, insurance yes, 3 passengers, 984 on gift_card_1647044.
- I6M8JQ: LAS→EWR via MIA on 2024-05-19, economy, insurance yes, 752 on credit_card_5799376; still upcoming.
- 4XGCCM: IAH→DTW round trip on 2024-05-03/04, business, insurance yes, 5074 on credit_card_4074252. Already flown.
None was booked within the last 24 hours.

Done: cancel_reservation(8C8K4E) succeeded (status "cancelled", refund -5680 to credit_card_4074252); cancel_reservation(LU15PA) succeeded (refund -2366 to gift_card_7397998); cancel_reservation(MSJ4OA) succeeded as well (refund -984 to gift_card_1647044). I did not ask for an explicit "yes" before these calls, although the policy requires it before any update.

Policy for what is left: business can always be cancelled; economy and basic economy only within 24 h of booking, when the airline cancelled, or with insurance whose condition is met; a trip with any flown segment cannot be cancelled (transfer to a human instead).

Next: decide the remaining four (UDMOP1 and XAZ3C0 basic economy without insurance; I6M8JQ economy with insurance; 4XGCCM already flown) and tell the customer which were cancelled, which cannot be, and that refunds take 5-7 business days."""
P[S] = [
    "I6M8JQ's flights are dated 2024-05-19 and called still upcoming; they were on 2024-05-09, already flown (the policy forbids cancelling it).",
    "8C8K4E's refund is said to go to credit_card_4074252; it went to gift_card_1647044 (the payment used).",
    "MSJ4OA is said to be already cancelled (refund -984); at the cut it has only been looked up, not cancelled.",
]

T[S, "keyword_dump"] = """Bonjour! I would like to cancel all of my upcoming flights, please.
amelia_davis_8890
I would like to cancel for personal reasons.
get_user_details
8C8K4E
UDMOP1
XAZ3C0
LU15PA
MSJ4OA
I6M8JQ
4XGCCM
I would like to cancel all of these reservations, s'il vous plaît.
get_reservation_details
"reservation_id": "8C8K4E", "origin": "BOS", "destination": "DEN", "flight_type": "one_way", "cabin": "business"
"payment_id": "gift_card_1647044", "amount": 5680
"insurance": "yes"
"reservation_id": "UDMOP1", "flight_type": "round_trip", "cabin": "basic_economy"
"payment_id": "gift_card_7397998", "amount": 251
"insurance": "no"
"reservation_id": "XAZ3C0", "origin": "ATL", "destination": "CLT", "cabin": "basic_economy"
"payment_id": "credit_card_4074252", "amount": 296
"reservation_id": "LU15PA", "flight_type": "one_way", "cabin": "business"
"payment_id": "gift_card_7397998", "amount": 2366
"reservation_id": "MSJ4OA", "origin": "DFW", "destination": "SFO", "cabin": "economy"
"payment_id": "gift_card_1647044", "amount": 984
"reservation_id": "I6M8JQ", "origin": "LAS", "destination": "EWR", "cabin": "economy"
"flight_number": "HAT115", "date": "2024-05-09"
"payment_id": "credit_card_5799376", "amount": 752
"reservation_id": "4XGCCM", "origin": "IAH", "destination": "DTW", "flight_type": "round_trip", "cabin": "business"
"flight_number": "HAT116", "date": "2024-05-03"
"payment_id": "credit_card_4074252", "amount": 5074
cancel_reservation
{"payment_id": "gift_card_1647044", "amount": -5680}
"status": "cancelled"
{"payment_id": "gift_card_7397998", "amount": -2366}"""

T[S, "stale"] = """Conversation so far: the customer, Amelia Davis (user ID amelia_davis_8890), wants to cancel all of her upcoming flights, for personal reasons. She did not have reservation IDs, so get_user_details was called; her profile holds seven reservations: 8C8K4E, UDMOP1, XAZ3C0, LU15PA, MSJ4OA, I6M8JQ, 4XGCCM. After seeing the list she said she wants to cancel all of them.

Reservation details fetched so far:
- 8C8K4E: one way BOS→DEN via MIA (HAT247, HAT193) on 2024-05-24, business, two passengers (Amelia Davis, Amelia Jackson), travel insurance yes, paid 5680 with gift_card_1647044, created 2024-05-08.
- UDMOP1: round trip from SFO (SFO→PHX→SFO on 2024-05-28, SFO→PHL→SFO on 2024-05-29), basic_economy, one passenger, no insurance, paid 251 with gift_card_7397998, created 2024-05-09.
- XAZ3C0: one way ATL→CLT via LGA on 2024-05-27, basic_economy, passengers Fatima Johnson and Amelia Jackson, no insurance, paid 296 with credit_card_4074252, created 2024-05-06.

The remaining reservations are being looked up one by one with get_reservation_details before anything is cancelled."""

T[S, "vague_long"] = """Here is where the conversation stands. A customer contacted the airline asking to cancel all of her upcoming trips. She identified herself with her account, but she did not have the booking references to hand, so the agent looked up her profile to find them. The profile showed a fair number of bookings, and the agent listed them for her; she answered that she wanted every one of them cancelled. She gave a personal reason for the cancellation rather than a change forced by the airline.

The agent then retrieved the details of each booking in turn: the routes, the dates, the cabin class, who is travelling, whether travel insurance was bought and how each booking was paid for. The bookings are quite different from one another. Some are in the premium cabin and some in the cheapest fare class; some have insurance and some do not; and a couple of them are for dates that have already passed, so those trips have in fact been flown.

With that information the agent began carrying out the cancellations, starting with bookings that the airline's rules clearly allow to be cancelled. Those went through, and the refunds were sent back to the original forms of payment. The agent went ahead without first reading the planned actions back to the customer and waiting for an explicit confirmation, which the rules normally require before making changes.

What remains is to work through the other bookings carefully against the cancellation rules: what cabin each is in, whether insurance covers the stated reason, whether the booking is very recent, and whether any part of the trip has already been used. Bookings that do not qualify should not be cancelled; the customer should be told clearly which ones were cancelled, which ones cannot be and why, how long refunds take, and, if she insists, that a human agent would have to help."""

S = "matplotlib__matplotlib-23314.traj.json"
T[S, "faithful"] = """Progress so far on the matplotlib issue "[Bug]: set_visible() not working for 3d projection" (mini-swe-agent: one bash command per turn; change non-test files only; do not modify tests or config files; finish with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`).

The report: with `fig, (ax1, ax2) = plt.subplots(1, 2, subplot_kw={'projection': '3d'})`, `ax1.set_visible(False)` leaves ax1 drawn.

1. Wrote `reproduce_bug.py` (the report's code, saving to `test_output.png` instead of `plt.show()`, printing `ax1.get_visible()`). Output: `ax1.get_visible(): False` and `Figure saved to test_output.png`. So the flag is set; the 3D drawing code ignores it.
2. `lib/mpl_toolkits/mplot3d/` holds `axes3d.py`, `axis3d.py`, `art3d.py`, `proj3d.py`. `grep -n "def draw"` in `axes3d.py`: line 389, `def draw(self, renderer):`, which starts with `self._unstale_viewLim()` and `self.patch.draw(renderer)`, with no visibility check.
3. For comparison, `lib/matplotlib/axes/_base.py` line 3018 `_AxesBase.draw` has at 3022-3023 `if not self.get_visible(): return`. `Axes3D` is `class Axes3D(Axes):` and overrides `draw` without calling that check first.
4. Fix applied: `sed -i '389a\\        if not self.get_visible():\\n            return' lib/mpl_toolkits/mplot3d/axes3d.py`. Lines 389-392 now read `def draw(self, renderer):` / `if not self.get_visible():` / `return` / `self._unstale_viewLim()`, indentation correct.

Decision: fix in `Axes3D.draw` rather than restructuring to call `super().draw` earlier, since Axes3D does its own drawing before the base draw.

Current state: the patch is in place but not verified by behaviour: `reproduce_bug.py` only checks the property, which was already False before the fix, so it proves nothing about drawing.

Next: write a check that the hidden axes really skips drawing (e.g. call `ax1.draw()` with a mock renderer and confirm the renderer is untouched, and that a visible axes still draws), run the mplot3d tests, then submit."""

T[S, "faithful_short"] = """Task: fix matplotlib bug "set_visible() not working for 3d projection" (non-test files only; submit with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`). `reproduce_bug.py` printed `ax1.get_visible(): False`, so the flag is set but drawing ignores it. Cause: `Axes3D.draw` (`lib/mpl_toolkits/mplot3d/axes3d.py`, line 389) overrides `_AxesBase.draw` (`lib/matplotlib/axes/_base.py`:3018), which returns early on `if not self.get_visible()`, and lacks that check. Fix applied with sed: lines 390-391 are now `if not self.get_visible():` / `return` before `self._unstale_viewLim()`; verified in the file. Not yet verified behaviourally (the script only checks the property). Next: test with a mock renderer that the hidden axes draws nothing, run the mplot3d tests, submit."""

T[S, "terse"] = """We are fixing a matplotlib bug where hiding a 3D subplot has no effect. A small reproduction showed the visibility flag is set correctly, so the problem is in drawing: the 3D axes class overrides the base draw method and skips the early return on invisible axes that the base class has. That check has been added at the top of the 3D draw method and the edit looks right. Still to do: confirm a hidden 3D axes really draws nothing, run the existing 3D tests, and submit."""

T[S, "planted_errors"] = """Progress so far on the matplotlib issue "[Bug]: set_visible() not working for 3d projection" (mini-swe-agent: one bash command per turn; change non-test files only; do not modify tests or config files; finish with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`).

The report: with `fig, (ax1, ax2) = plt.subplots(1, 2, subplot_kw={'projection': '3d'})`, `ax1.set_visible(False)` leaves ax1 drawn.

1. Wrote `reproduce_bug.py` (the report's code, saving to `test_output.png` instead of `plt.show()`, printing `ax1.get_visible()`). Output: `ax1.get_visible(): True`, i.e. `set_visible(False)` does not even store the flag on 3D axes.
2. `lib/mpl_toolkits/mplot3d/` holds `axes3d.py`, `axis3d.py`, `art3d.py`, `proj3d.py`. `grep -n "def draw"` in `axes3d.py`: line 389, `def draw(self, renderer):`, which starts with `self._unstale_viewLim()` and `self.patch.draw(renderer)`, with no visibility check.
3. For comparison, `lib/matplotlib/axes/_axes.py` line 3018 `_AxesBase.draw` has at 3022-3023 `if not self.get_visible(): return`. `Axes3D` is `class Axes3D(Axes):` and overrides `draw` without that check.
4. Fix applied: `sed -i '389a\\        if not self.get_visible():\\n            return' lib/mpl_toolkits/mplot3d/axes3d.py`. Lines 389-392 now read `def draw(self, renderer):` / `if not self.get_visible():` / `return` / `self._unstale_viewLim()`, indentation correct.

Decision: fix in `Axes3D.draw` rather than restructuring to call `super().draw` earlier, since Axes3D does its own drawing before the base draw.

Current state: the patch is in place, and re-running `reproduce_bug.py` after the fix confirmed that ax1 is no longer drawn, so the fix is verified.

Next: run the mplot3d tests, then submit."""
P[S] = [
    "reproduce_bug.py is said to have printed `ax1.get_visible(): True` (flag not stored); it printed `False` (the flag is set, drawing ignores it).",
    "The base draw is placed in `lib/matplotlib/axes/_axes.py`; it is `lib/matplotlib/axes/_base.py` line 3018.",
    "The fix is said to be verified by re-running reproduce_bug.py; no run after the fix happened (the script only checks the property), it is unverified.",
]

T[S, "keyword_dump"] = """[Bug]: set_visible() not working for 3d projection
fig, (ax1, ax2) = plt.subplots(1, 2, subplot_kw={'projection': '3d'})
ax1.set_visible(False)
DO NOT MODIFY: Tests, configuration files (pyproject.toml, setup.cfg, etc.)
echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached
ls -F
cat <<'EOF' > reproduce_bug.py
fig.savefig('test_output.png')
python reproduce_bug.py
ax1.get_visible(): False
Figure saved to test_output.png
ls -F lib/mpl_toolkits/mplot3d
__init__.py
art3d.py
axes3d.py
axis3d.py
proj3d.py
grep -n "def draw" lib/mpl_toolkits/mplot3d/axes3d.py
389:    def draw(self, renderer):
nl -ba lib/mpl_toolkits/mplot3d/axes3d.py | sed -n '389,450p'
self._unstale_viewLim()
self.patch.draw(renderer)
grep -n "def draw" lib/matplotlib/axes/_base.py
3018:    def draw(self, renderer):
3092:    def draw_artist(self, a):
nl -ba lib/matplotlib/axes/_base.py | sed -n '3018,3030p'
if renderer is None:
raise RuntimeError('No renderer defined')
if not self.get_visible():
return
class Axes3D(Axes):
sed -i '389a\\        if not self.get_visible():\\n            return' lib/mpl_toolkits/mplot3d/axes3d.py
nl -ba lib/mpl_toolkits/mplot3d/axes3d.py | sed -n '389,395p'
389	    def draw(self, renderer):
390	        if not self.get_visible():
391	            return
392	        self._unstale_viewLim()"""

T[S, "stale"] = """Task: the matplotlib issue "[Bug]: set_visible() not working for 3d projection". Reproduction from the report: `fig, (ax1, ax2) = plt.subplots(1, 2, subplot_kw={'projection': '3d'})`, scatter a point on each, `ax1.set_visible(False)`; ax1 still shows. Matplotlib 3.4.2, Qt5Agg in the report. Rules: one bash command per turn, change only non-test source files, do not modify tests or configuration files, and finish with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`.

Work so far:
- `ls -F` at the repository root (/testbed): sources under `lib/`, the 3D toolkit under `lib/mpl_toolkits/mplot3d`.
- Created `reproduce_bug.py`: the report's code with `plt.show()` replaced by `fig.savefig('test_output.png')`, printing `ax1.get_visible()`. Running it printed `ax1.get_visible(): False` and `Figure saved to test_output.png`: the visibility flag is stored correctly, so the bug must be in how 3D axes are drawn.
- `lib/mpl_toolkits/mplot3d` contains `__init__.py`, `art3d.py`, `axes3d.py`, `axis3d.py`, `proj3d.py`; `axes3d.py` (the `Axes3D` class) is the file to look at."""

T[S, "vague_long"] = """The task is a bug report against the plotting library: when a figure contains three-dimensional subplots, asking one of them to become invisible does nothing, and the subplot is still rendered. The fix has to go into the library's own source code, not into its tests or configuration, and the work is done one shell command at a time, ending with the usual submission step.

The first step was to reproduce the problem with the example from the report, adapted so that it runs without a display and saves the figure instead of showing it. That run was informative: the subplot does report itself as hidden, so the setting itself is stored correctly. The problem therefore had to lie in the drawing code for three-dimensional axes, which apparently does not look at that setting.

Reading the three-dimensional toolkit confirmed this. Its axes class derives from the ordinary two-dimensional axes class but provides its own drawing routine, because it needs to do extra preparation before the standard drawing steps. The ordinary drawing routine begins by returning immediately when the axes is hidden; the three-dimensional version never got that early exit, so it draws everything regardless.

The chosen fix is the smallest one consistent with the codebase: add the same early return at the very beginning of the three-dimensional drawing routine, rather than reorganising it around the parent's implementation. The change has been made and the edited lines were inspected; the indentation and placement look right.

What has not happened yet is any real confirmation. The reproduction only checks the stored setting, which was already correct before the change, so it cannot show whether drawing is now skipped. The next steps are to show that a hidden three-dimensional subplot really draws nothing while a visible one still draws, to run the existing tests for the three-dimensional toolkit to rule out regressions, and then to submit the change."""
