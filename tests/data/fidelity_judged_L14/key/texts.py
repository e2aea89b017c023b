# Hand-written replacements for L14 (messages 1..cut-1). T[(session, variant)] = text; P[session] = planted errors.
T = {}
P = {}

# ---------------------------------------------------------------- chatdev_gomoku.json (cut 30)
S = "chatdev_gomoku.json"
T[S, "faithful"] = """Summary of the run so far (ChatDev, human-in-the-loop company config). Customer task: "Develop a basic Gomoku game." In DemandAnalysis the modality was fixed as Application and in LanguageChoose the language as Python.

The Programmer wrote two files with a tkinter GUI. main.py holds class GomokuApp: a 500x500 white canvas, a 15x15 grid of lines, a left click places a piece, a message box announces the winner and a further click restarts. game.py holds class Game: a 15x15 board list, current_player 1 or 2 (switched with 3 - current_player), make_move, check_winner counting five in a row along (1,0), (0,1), (1,1) and (1,-1), and reset.

Code review ran three cycles; every fix went into main.py and game.py has not changed since the first version:
1. messagebox was used without an import, so `from tkinter import messagebox` was added and show_winner now calls messagebox.showinfo("Game Over", f"{winner} wins!").
2. The hard-coded 33-pixel cell was replaced by a size computed from canvas.winfo_width()/winfo_height() divided by 15.
3. Because winfo sizes can be wrong before the window is drawn, the reviewer asked for a fixed size, and cell width/height are now 500 / 15 in draw_board, on_click and draw_piece.

Then the HumanAgentInteraction phase started (at most 5 human comments). Feedback #1, "Please add a restart button.", was implemented and main.py updated: self.restart_button (tk.Button "Restart", command=self.restart), restart() no longer takes an event, show_winner hides the button with pack_forget() and restart packs it again.

Current state: feedback #2 has just come in: "Please add a current status bar showing whose turn it is." The Programmer must now return the complete main.py and game.py in the required FILENAME + code-block format, adding a status bar (for example a label at the bottom starting with "Black's Turn" and updated after every move). After the remaining feedback rounds come EnvironmentDoc (requirements.txt), Reflection and the user manual."""

T[S, "faithful_short"] = """ChatDev run for the customer task "Develop a basic Gomoku game." (modality Application, Python, tkinter). Files: main.py (GomokuApp: 500x500 canvas, 15x15 grid, click to place a piece, messagebox announces the winner) and game.py (Game: board, make_move, check_winner for five in a row, reset; unchanged since written). Three review fixes went into main.py: import messagebox, then a cell size computed from the canvas, then cell size fixed at 500 / 15. Human feedback #1, "Please add a restart button.", is done (Restart button, restart() without event, hidden on a win). Feedback #2 just arrived: "Please add a current status bar showing whose turn it is." Next: return full main.py and game.py with that status bar, then requirements.txt and manual."""

T[S, "terse"] = """Task: basic Gomoku game, Python/tkinter (main.py GomokuApp, game.py Game). Review fixes in main.py: messagebox import, cell size 500/15. Human feedback #1 added a Restart button. Now handling feedback #2: "add a current status bar showing whose turn it is" - return the full code in the required format."""

T[S, "planted_errors"] = """Summary so far (ChatDev, human-in-the-loop config). Task: "Develop a basic Gomoku game." Modality Application, language Python.

The Programmer wrote main.py with class GomokuApp (tkinter canvas, 15x15 grid, click to place a piece, winner shown in a message box) and game.py with class Game (15x15 board, current_player 1/2 switched with 3 - current_player, make_move, check_winner counting five in a row in four directions, reset).

Code review ran three cycles:
1. messagebox was used without an import; `from tkinter import messagebox` was added to game.py so that the winner dialog works.
2. The hard-coded 33-pixel cell was replaced by a size computed from the canvas width and height divided by 15.
3. As winfo sizes can be wrong before drawing, the cell size is now fixed to 600 / 15 in draw_board, on_click and draw_piece.

In the HumanAgentInteraction phase (up to 5 human comments) feedback #1, "Please add a restart button.", was implemented: a "Restart" button calling restart() (which no longer takes an event), hidden with pack_forget() when someone wins and packed again on restart. main.py was updated.

Current state: feedback #2 has just arrived; the human wants a move counter that shows how many moves each player has made. The Programmer must return the complete main.py and game.py in the required FILENAME + code-block format with that counter. Afterwards: the remaining feedback rounds, EnvironmentDoc (requirements.txt), Reflection and the manual."""
P[S] = [
    "The messagebox import was added to main.py, not to game.py (game.py never changed).",
    "The fixed cell size is 500 / 15 (the canvas is 500x500), not 600 / 15.",
    "Feedback #2 asks for a status bar showing whose turn it is, not a move counter of how many moves each player made.",
]

T[S, "keyword_dump"] = """Develop a basic Gomoku game. | <INFO> Application | <INFO> Python | main.py | game.py | class GomokuApp | tk.Canvas(self.master, width=500, height=500, bg="white") | for row in range(15) | self.canvas.bind("<Button-1>", self.on_click) | class Game | self.board = [[0] * 15 for _ in range(15)] | self.current_player = 3 - self.current_player | directions = [(1, 0), (0, 1), (1, 1), (1, -1)] | if count >= 5 | <Comment> the `tkinter.messagebox` module is not imported | from tkinter import messagebox | messagebox.showinfo("Game Over", f"{winner} wins!") | canvas_width = self.canvas.winfo_width() | cell_width = canvas_width / 15 | cell_width = 500 / 15 | execute SimplePhase:[CodeReviewHuman] in ComposedPhase:[HumanAgentInteraction], cycle 1 | You are currently in the #1 human feedback with a total of 5 feedbacks | "Please add a restart button." | self.restart_button = tk.Button(self.master, text="Restart", command=self.restart) | self.restart_button.pack_forget() | def restart(self): | main.py updated. | In the #2 of total 5 comments: | Please add a current status bar showing whose turn it is."""

T[S, "stale"] = """ChatDev run for the customer task "Develop a basic Gomoku game." The CPO and CEO settled on the modality Application and the CTO chose Python.

The Programmer wrote a tkinter version in two files. main.py has class GomokuApp with a 500x500 white canvas, a 15x15 grid drawn with lines 33 pixels apart, a left-click handler that places a piece and checks for a winner, and a message box for the result followed by a restart on the next click. game.py has class Game with a 15x15 board, current_player 1 or 2, make_move, check_winner (five in a row in four directions) and reset.

The first code review found that tkinter.messagebox was used without being imported; the Programmer added `from tkinter import messagebox` to main.py and the file was rewritten. In the second review cycle the Code Reviewer pointed out that the 33-pixel cell size ignores the real canvas size and suggested computing cell width and height from canvas.winfo_width() and winfo_height() divided by 15; the Programmer is applying that change in draw_board, on_click and draw_piece."""

T[S, "vague_long"] = """So far the team has been working through the customer's request for a small board game. The product direction was agreed early: the group settled on a desktop-style application written in a common scripting language, with a simple graphical interface so that players can interact with the board directly rather than through text input. The initial implementation was split into a couple of modules, one dealing with the window and drawing and another holding the underlying game rules and state, which keeps the responsibilities reasonably separate and should make later changes easier.

After the first version was produced, several rounds of review took place. The reviewer raised a number of points about correctness and robustness, mostly concerning how the interface is set up and how positions on the board are translated into screen coordinates. Each time, the programmer revised the relevant code and the updated files were written back to the project. The overall structure survived these revisions, and the core logic for taking turns and detecting the end of a game has remained stable throughout.

The process then moved into a phase where a human participant could comment directly on the software. The first comment asked for an additional convenience feature related to starting over, and the programmer adjusted the interface accordingly, including some small changes to how the game behaves when it finishes. This was accepted and written to disk like the earlier changes.

A further comment from the human has now come in, asking for another improvement to the interface that would give players clearer information while they are playing. The next step is for the programmer to incorporate this request, keeping the existing behaviour intact, and to return the complete set of source files in the format that the framework expects so that they can be saved. After the remaining feedback rounds the team will still need to document the dependencies and prepare a user manual before the work can be considered finished."""

# ---------------------------------------------------------------- chatdev_umbrella.json (cut 36)
S = "chatdev_umbrella.json"
T[S, "faithful"] = """Summary so far (ChatDev, human-in-the-loop config; project "rain_umnbrella"). Customer task: "rain drops are falling down the screen, and the mouse cursor is an umbrella, where rain drops don't fall underneath the umbrella". The CPO answered "<INFO> Website" but the CTO chose Python, and the Programmer built a tkinter desktop program.

Files: main.py, class MainApp: an 800x600 canvas, the umbrella is a blue oval 50x50 that follows the mouse through the '<Motion>' binding (move_umbrella), a list self.raindrops, is_collision (rectangle overlap of canvas coords) and create_raindrop, which adds a Raindrop every 1000 ms. raindrop.py, class Raindrop: a gray oval of radius 5, fall_speed random 1-5, moved every 50 ms, and the canvas item is deleted when it reaches the bottom.

Code review (3 cycles): twice the reviewer claimed main.py lacked `from raindrop import Raindrop` (already there); once it asked for `import tkinter as tk` in raindrop.py, which was added.

Human feedback (5 rounds in total):
- #1: only a blue circle follows the mouse, no rain falls. Fix: create_raindrop() is now called in __init__ and a collided drop is also removed from self.raindrops.
- #2: drops fall in one line. Fix: x = random.randint(0, self.canvas.winfo_width()).
- #3: after the umbrella stops about 50 raindrops the script fails with "ValueError: not enough values to unpack (expected 4, got 0)". The Programmer's answer changed nothing (no Update Codes).
- #4: the same bug with a traceback: File main.py, line 26, in is_collision, `x3, y3, x4, y4 = coords2`, ValueError: not enough values to unpack (expected 4, got 0), after about 50 raindrops hit the umbrella.

Cause: Raindrop.fall() deletes the canvas item at the bottom but the object stays in self.raindrops, so canvas.coords() returns an empty list.

Next: the Programmer must fix is_collision (e.g. return False when coords2 has fewer than 4 values, or drop finished raindrops from the list) and return full main.py and raindrop.py. Collision is still checked only on mouse motion. One feedback round remains, then Test, requirements.txt, Reflection and the manual."""

T[S, "faithful_short"] = """ChatDev run (human-in-the-loop) for: rain drops fall down the screen, the mouse cursor is an umbrella, no rain falls under it. Built in Python/tkinter: main.py (MainApp, 800x600 canvas, blue 50x50 umbrella oval following '<Motion>', raindrops list, is_collision, create_raindrop every 1000 ms) and raindrop.py (gray drops, random speed 1-5, deleted at the bottom). Human fixes so far: rain now starts in __init__, collided drops are removed, x is random. Feedback #3 reported a crash after about 50 stopped drops and got no code change; feedback #4 repeats it: main.py line 26 in is_collision, `x3, y3, x4, y4 = coords2`, ValueError: not enough values to unpack (expected 4, got 0). Next: guard is_collision and return the full code; one feedback round left."""

T[S, "terse"] = """Raindrop/umbrella app in Python tkinter (main.py MainApp, raindrop.py Raindrop). Rain start and random x fixed after human feedback. Open bug (feedback #3 unfixed, repeated as #4): is_collision line 26 `x3, y3, x4, y4 = coords2` -> ValueError: not enough values to unpack (expected 4, got 0) after ~50 drops. Fix it now."""

T[S, "planted_errors"] = """Summary so far (ChatDev, human-in-the-loop config, project "rain_umnbrella"). Task: rain drops fall down the screen, the mouse cursor is an umbrella, and no rain falls underneath it. Modality Website was proposed, Python was chosen, and the Programmer built a tkinter program.

main.py has class MainApp: 800x600 canvas, a blue 50x50 oval umbrella following the mouse via '<Motion>', a list self.raindrops, is_collision on the canvas coordinates and create_raindrop (a new drop every 1000 ms). raindrop.py has class Raindrop: gray drops of radius 5 with a random speed 1-5 that are deleted from the canvas at the bottom.

Code review added `import tkinter as tk` to raindrop.py; other comments changed nothing.

Human feedback so far:
- #1: no rain was falling. create_raindrop() is now called in __init__ and collided drops are removed from the list.
- #2: drops fell in one line. Now x = random.randint(0, self.canvas.winfo_width()).
- #3: after about 50 raindrops the script fails with "ValueError: not enough values to unpack (expected 4, got 0)". The Programmer added a length check in is_collision and the code was updated, so this crash is fixed.
- #4: the human now asks for the umbrella to be drawn as a proper umbrella shape instead of a blue circle.

The error came from raindrop.py line 26 in fall(), where the deleted drop is moved again.

Next: the Programmer must change the umbrella drawing for feedback #4 and return full main.py and raindrop.py; one feedback round (#5) remains, then Test, requirements.txt and the manual."""
P[S] = [
    "The reply to feedback #3 changed nothing (no code update); the ValueError was still unfixed and no length check existed before the cut.",
    "Feedback #4 repeats the ValueError bug report with a traceback; it does not ask for an umbrella shape.",
    "The error is in main.py line 26 in is_collision (`x3, y3, x4, y4 = coords2`), not in raindrop.py fall().",
]

T[S, "keyword_dump"] = """rain drops are falling down the screen, and the mouse cursor is an umbrella | project_name: rain_umnbrella | <INFO> Website | <INFO> Python | main.py | raindrop.py | class MainApp | tk.Canvas(root, width=800, height=600) | self.umbrella = self.canvas.create_oval(0, 0, 50, 50, fill='blue') | self.canvas.bind('<Motion>', self.move_umbrella) | def is_collision(self, coords1, coords2) | self.canvas.after(1000, self.create_raindrop) | class Raindrop | fill='gray' | self.fall_speed = random.randint(1, 5) | self.canvas.after(50, self.fall) | self.canvas.delete(self.id) | <COMMENT> missing the import statement for the Raindrop class | import tkinter as tk | raindrop.py updated. | #1: A blue circle is following my mouse, but there is no falling rain | self.create_raindrop()  # Start creating raindrops | self.raindrops.remove(raindrop) | #2: raindrops often stack into one single line | x = random.randint(0, self.canvas.winfo_width()) | #3: After the umbrella stops about 50 raindrops, the script fails | ValueError: not enough values to unpack (expected 4, got 0) | #4: error File main.py, line 26, in is_collision x3, y3, x4, y4 = coords2"""

T[S, "stale"] = """ChatDev run with human review for the task "rain drops are falling down the screen, and the mouse cursor is an umbrella, where rain drops don't fall underneath the umbrella" (project rain_umnbrella). The CPO proposed a website, the CTO chose Python, and the Programmer wrote a tkinter program.

main.py: class MainApp with an 800x600 canvas, a blue 50x50 oval as the umbrella that follows the mouse through the '<Motion>' binding, a raindrops list, is_collision comparing canvas rectangles, and create_raindrop, which schedules itself every 1000 ms and places each new drop at half the canvas width. raindrop.py: class Raindrop, a gray oval of radius 5 that falls with a random speed from 1 to 5 every 50 ms and deletes itself at the bottom.

Code review: the first comment claimed main.py lacked `from raindrop import Raindrop` (already present, no change); the second asked for `import tkinter as tk` in raindrop.py, which was added; a third review cycle repeated the Raindrop import remark and asked for comments in the code."""

T[S, "vague_long"] = """The team has been building a small interactive visual program for a customer who wants a playful weather effect on screen, where the user's pointer acts as a kind of shelter. After the usual product and technology discussion, the work was done as a desktop program in a familiar scripting language with a standard graphics toolkit, split between a main module that owns the window and the user's pointer, and a helper module that describes the individual falling objects and their movement.

Automated review went through several rounds. Most remarks concerned imports and general tidiness; one of them led to a small change in the helper module, while the others did not require any edits because the code already did what was asked. The structure of the program stayed the same throughout these rounds.

The project then entered a phase where a human tester could try the program and comment on it. The tester's comments have been concrete. Early on they noticed that part of the expected behaviour did not appear at all, and the programmer adjusted the start-up logic so that the effect begins immediately. A later comment asked for a more natural, less regular distribution on screen, which was addressed by introducing some randomness.

More recently the tester has reported a stability problem that appears after the program has been running for a while and has handled a fair number of objects. The first attempt to respond to this did not actually resolve anything, and the tester has come back with more detail, including an error message pointing at the part of the code that compares positions. This points to an inconsistency between the objects the program keeps track of and what is still present on screen.

The immediate next step is for the programmer to make that comparison robust and return the complete corrected source files in the expected format. One more round of human feedback remains, followed by testing, a dependency list and a user manual."""

# ---------------------------------------------------------------- chatdev_poker.json (cut 43)
S = "chatdev_poker.json"
T[S, "faithful"] = """Summary so far (ChatDev default config, GPT-3.5-turbo, project Poker1). Customer task: a No Limit Texas Hold'em tournament with 1 human and 4 AI characters, each starting with $1000 in chips; blinds start at $5 small / $10 big and must increase following the World Poker Tour guidelines; AI plays basic poker theory with occasional random decisions; support check, bet, raise, call and fold, track chips, community cards and the deck, determine winners, and explain the AI logic and the blind-increase algorithm.

The first LLM call hit `error_code=insufficient_quota`, but the run went on. Modality: Application; language: Python. Files: main.py (calls Game().start()); game.py (class Game: players "Human" plus "AI 1".."AI 4" with 1000 chips, small_blind=5, big_blind=10, start() = initialize_players, initialize_blinds, play_round); player.py (Player with fold/check/bet/call/raise_bet/reset, HumanPlayer reading input(), AIPlayer with a 5% random choice and bets of 10-100); deck.py (52 cards, shuffle, draw). No rising-blind schedule exists, and Player has no set_blind, is_small_blind or is_big_blind although game.py calls them.

CodeComplete ran three times on player.py. Review: `check()` now returns 0 (player.py updated); the second comment ended with "<INFO> Finished", so nothing changed; the third added `from player import HumanPlayer, AIPlayer` and `from deck import Deck` to main.py.

Test cycle 1 failed: game.py line 28 in initialize_blinds, `player.set_blind(self.small_blind)` -> AttributeError: 'AIPlayer' object has no attribute 'set_blind' (from main.py line 9 -> game.py line 17). The Programmer proposed calling player.bet(self.small_blind / self.big_blind) for "AI 1"/"AI 2", but his modification was written as "FILENAME: game.py / LANGUAGE / DOCSTRING / CODE:" without a code block, so ChatDev updated no file. Test cycle 2 reported the identical AttributeError.

Current step: the Programmer is writing the cycle-2 error summary for the Software Test Engineer. The bug is still open; the fix must actually change initialize_blinds (or add set_blind to Player) and be returned in the required FILENAME + ``` code-block format. After this: TestModification, one more test cycle, then requirements.txt, Reflection and the manual."""

T[S, "faithful_short"] = """ChatDev run (GPT-3.5) for a No Limit Texas Hold'em tournament: 1 human + 4 AI players, $1000 chips each, blinds $5/$10 rising per World Poker Tour rules. Python console game in main.py, game.py, player.py, deck.py; the rising-blind schedule is not implemented. Review fixes: check() returns 0; imports added to main.py. Testing fails: game.py line 28 in initialize_blinds, `player.set_blind(self.small_blind)` -> AttributeError: 'AIPlayer' object has no attribute 'set_blind'. The cycle-1 fix (use player.bet) was written without the required code-block format, so no file changed and cycle 2 failed the same way. Now: cycle-2 error summary; the real fix must change initialize_blinds in game.py and use FILENAME + code block."""

T[S, "terse"] = """Texas Hold'em tournament (1 human, 4 AI, $1000, blinds 5/10) in Python: main.py, game.py, player.py, deck.py. Tests fail twice: game.py:28 initialize_blinds `player.set_blind` -> AttributeError: 'AIPlayer' object has no attribute 'set_blind'. Earlier fix not applied (wrong output format). Summarize and fix properly."""

T[S, "planted_errors"] = """Summary so far (ChatDev default config, GPT-3.5-turbo, project Poker1). Task: a No Limit Texas Hold'em tournament with 1 human and 4 AI characters, each starting with $1000; blinds start at $5 small / $10 big and rise by World Poker Tour guidelines; AI uses basic poker theory plus occasional random moves; check, bet, raise, call, fold, chip tracking, community cards and winner determination.

Modality: Application; language: Python. Files: main.py, game.py (class Game with "Human" and "AI 1".."AI 4", small_blind=5, big_blind=10, start() calling initialize_players, initialize_blinds, play_round), player.py (Player, HumanPlayer with input(), AIPlayer with a 5% random choice), deck.py. The rising-blind schedule is implemented in game.py as a blind level table.

CodeComplete filled in player.py. Review: `check()` returns 0; imports of HumanPlayer, AIPlayer and Deck were added to main.py.

Test cycle 1 failed in game.py line 28 in initialize_blinds: `player.set_blind(self.small_blind)` raised AttributeError: 'HumanPlayer' object has no attribute 'set_blind'. The Programmer replaced the call with player.bet(...) for the two blind players; ChatDev wrote the new game.py to disk. Test cycle 2 still failed with the same AttributeError.

Current step: the Programmer writes the cycle-2 error summary for the Software Test Engineer. Since the bet() change is already in game.py, the remaining cause must be somewhere else, probably in player.py, which should be checked first. Then: TestModification, one more test cycle, requirements.txt, Reflection and the manual."""
P[S] = [
    "No rising-blind (World Poker Tour) schedule exists in the code; only fixed small_blind=5 and big_blind=10.",
    "The error is 'AIPlayer' object has no attribute 'set_blind', not 'HumanPlayer'.",
    "The bet() fix was never written to disk: it was output without the required code-block format, so game.py is unchanged and still calls set_blind.",
]

T[S, "keyword_dump"] = """Create a Texas Hold'em Poker game | 1 human player and 4 AI characters | starts with $1000 in chips | $5 for the small blind and $10 for the big blind | World Poker Tour incremental blinds | error_code=insufficient_quota | <INFO> Application | <INFO> Python | main.py | game.py | player.py | deck.py | self.small_blind = 5 | self.big_blind = 10 | self.players.append(AIPlayer("AI 1", 1000)) | def initialize_blinds(self): | player.set_blind(self.small_blind) | if random.random() < 0.05:  # 5% chance of making a random decision | Unimplemented File: "player.py" | <COMMENT> The code is missing the implementation of the `check` method | def check(self): return 0 | player.py updated. | <INFO> Finished. | from player import HumanPlayer, AIPlayer | from deck import Deck | main.py updated. | File "...game.py", line 28, in initialize_blinds | AttributeError: 'AIPlayer' object has no attribute 'set_blind' | you should call the `bet()` method | FILENAME: game.py LANGUAGE: Python DOCSTRING: CODE: | execute SimplePhase:[TestErrorSummary] in ComposedPhase:[Test], cycle 2"""

T[S, "stale"] = """ChatDev run (GPT-3.5-turbo, project Poker1) for a No Limit Texas Hold'em tournament: 1 human player and 4 AI characters, $1000 in chips each, blinds starting at $5/$10 and increasing per World Poker Tour guidelines, AI with basic poker theory plus occasional random decisions.

The very first API call returned an insufficient_quota error, but the run continued. The team chose an Application in Python. The Programmer produced main.py, game.py (class Game with the human and "AI 1" to "AI 4", small_blind 5, big_blind 10, start() calling initialize_players, initialize_blinds and play_round), player.py and deck.py (52-card deck with shuffle and draw).

Because player.py was flagged as containing an unimplemented class, the CodeComplete phase asked the Programmer to implement it; he returned the Player, HumanPlayer (input-driven) and AIPlayer (5% random choices, bets between 10 and 100) classes over several cycles. Code review then started: the first comment said Player.check() should return 0, and that change was written to player.py."""

T[S, "vague_long"] = """The team is building a card game for a customer who wants a reasonably realistic tournament experience against computer opponents, with specific starting conditions and a structure that becomes more demanding over time. The customer also asked for an explanation of how the computer players make their choices and of how the game's difficulty progresses.

After agreeing on a standalone application in a common scripting language, the programmer produced an initial implementation split across a handful of modules: an entry point, a module that runs the overall game flow, one that models the different kinds of participants, and one for the cards themselves. The computer players mix simple rule-based behaviour with a small amount of randomness, and the human player interacts through typed input. Some parts of the original request are only partly reflected in the code so far.

Further completion and review rounds followed. The reviewer pointed out a few gaps in the participant classes and in the imports of the entry module; some of these remarks led to changes being written to disk, while in one round the review ended without any modification being made.

The project then moved on to automated testing, and this is where it is currently stuck. Running the program fails very early, during the setup of the first hand, because the game flow relies on a capability that the participant classes do not provide. The programmer analysed the failure and suggested a correction, but the corrected code does not seem to have taken effect, and the next test run produced the same failure again.

The immediate task is to summarise the remaining problem correctly for the test engineer and then to supply a fix that really changes the relevant code, making sure the output follows the framework's expected format so that it is actually saved. After testing, the team still needs to list the dependencies and write the user manual."""

# ---------------------------------------------------------------- chatdev_reminder.json (cut 52)
S = "chatdev_reminder.json"
T[S, "faithful"] = """Summary so far (ChatDev with human feedback rounds, GPT-3.5-turbo, project WarmHeart). Customer task: a reminder app that reminds me to 'drink water', 'avoid prolonged sitting' and 'leave work at 9 PM', and at leave-work time gives a few conversation topics for the elevator with colleagues the next day.

Decisions: the CPO proposed and the CEO agreed on "Mobile Application"; language Python; it was built as a tkinter desktop app. Files: main.py (class ReminderApp: reminder_label and buttons "Drink Water", "Avoid Sitting", "Leave Work" calling `lambda: remind_x(self)`), drink_water_reminder.py (next reminder in 30 minutes via the `schedule` library), avoid_sitting_reminder.py (prints the next reminder in 1 hour), leave_work_reminder.py (remind_leave_work(app) sets the label), and conversation_topics.py.

Review asked for scheduling with `schedule` and for passing `app` into the reminder functions; both were done. Human feedback: #1 remind proactively (every hour), topics were missing, use Baidu hot topics; #2 (partly garbled) count how many times I drink water, plus the Baidu link; #3 the Baidu Hot Topics site is https://top.baidu.com/board?tab=realtime, give the top three trending topics; #4 "exit". get_conversation_topics() requests that URL but still returns the placeholder ["Topic 1", "Topic 2", "Topic 3"]. No hourly loop or drink counter exists.

Tests: cycle 1 failed in drink_water_reminder.py line 15 with NameError: name 'avoid_sitting_reminder' is not defined. That line is a stray file name (`avoid_sitting_reminder.py`) left in the code by a malformed reply. The Programmer treated it as a missing import, rewrote the file with `from avoid_sitting_reminder import remind_avoid_sitting`, and the file was updated (stray line gone). Cycle 2 failed one file further: avoid_sitting_reminder.py line 13, NameError: name 'leave_work_reminder' is not defined - the same stray-file-name pattern.

Current step: the Programmer writes the cycle-2 error summary; the real fix is to delete the stray `leave_work_reminder.py` line from avoid_sitting_reminder.py (leave_work_reminder.py likely has the same problem with `conversation_topics.py`). Then TestModification, test cycle 3, requirements.txt, Reflection and the manual."""

T[S, "faithful_short"] = """ChatDev run (project WarmHeart) for a reminder app: 'drink water', 'avoid prolonged sitting', 'leave work at 9 PM', plus conversation topics at leave time. Python/tkinter: main.py (ReminderApp, three buttons, reminder_label) and one module per reminder plus conversation_topics.py (requests https://top.baidu.com/board?tab=realtime but returns placeholder "Topic 1-3"). Human asked for hourly proactive reminders, Baidu top three topics and a drink counter, then typed "exit". Tests: cycle 1 NameError 'avoid_sitting_reminder' at drink_water_reminder.py line 15 (a stray file-name line); the rewritten file passed; cycle 2 NameError 'leave_work_reminder' at avoid_sitting_reminder.py line 13, same stray-line cause. Now: summarize cycle 2 and remove that stray line."""

T[S, "terse"] = """Reminder app (water, sitting, leave at 9 PM + Baidu conversation topics), Python/tkinter, 5 files. Test cycle 2: NameError: name 'leave_work_reminder' is not defined at avoid_sitting_reminder.py line 13 - a stray file-name line, like cycle 1's drink_water_reminder.py line 15. Summarize and remove it."""

T[S, "planted_errors"] = """Summary so far (ChatDev, GPT-3.5-turbo, project WarmHeart). Task: a reminder app for 'drink water', 'avoid prolonged sitting' and 'leave work at 9 PM', which at leave time also gives a few conversation topics for tomorrow's elevator chat.

The team agreed on a mobile application in Python and built it with tkinter. Files: main.py (ReminderApp with a reminder_label and three buttons calling `lambda: remind_x(self)`), drink_water_reminder.py (next reminder scheduled in 30 minutes with `schedule`), avoid_sitting_reminder.py, leave_work_reminder.py and conversation_topics.py.

Review asked for `schedule`-based reminders and for passing `app` to the functions; done. Human feedback: #1 remind proactively and use Baidu hot topics; #2 count how many times I drink water; #3 use https://top.baidu.com/board?tab=realtime and give the top three topics; #4 "exit". get_conversation_topics() now parses the Baidu page and returns the real top three trending topics.

Tests: cycle 1 failed with NameError: name 'avoid_sitting_reminder' is not defined in leave_work_reminder.py line 15. The Programmer added `from avoid_sitting_reminder import remind_avoid_sitting`, but the output was not in the required format and no file was updated. Cycle 2 failed in avoid_sitting_reminder.py line 13 with NameError: name 'leave_work_reminder' is not defined, caused by a stray file-name line left in the code.

Current step: the Programmer writes the cycle-2 error summary; the fix is to delete the stray `leave_work_reminder.py` line from that file. Then TestModification, test cycle 3, requirements.txt, Reflection and the manual."""
P[S] = [
    "get_conversation_topics() does not parse Baidu; it still returns the placeholder list ['Topic 1', 'Topic 2', 'Topic 3'].",
    "The cycle-1 NameError was in drink_water_reminder.py line 15, not leave_work_reminder.py.",
    "The cycle-1 fix was applied: drink_water_reminder.py was updated (import added, stray line gone), which is why cycle 2 failed one file further.",
]

T[S, "keyword_dump"] = """remind me to 'drink water,' 'avoid prolonged sitting,' and 'leave work at 9 PM.' | project_name: WarmHeart | <INFO> Mobile Application | <INFO> Python | main.py | drink_water_reminder.py | avoid_sitting_reminder.py | leave_work_reminder.py | conversation_topics.py | class ReminderApp | self.reminder_label = tk.Label(self.root, text="") | command=lambda: remind_drink_water(self) | import schedule | next_reminder_time = datetime.now() + timedelta(minutes=30) | timedelta(hours=1) | app.reminder_label.config(text=f"Reminder: It's {current_time}. Leave work now!") | #1: You should proactively remind me to drink water every hour | You can access the Baidu hot topics | #2: help me keep track of the number of times I drink water | https://top.baidu.com/board?tab=realtime | please provide the top three trending news topics | return ["Topic 1", "Topic 2", "Topic 3"] | #4: exit | File "drink_water_reminder.py", line 15 | NameError: name 'avoid_sitting_reminder' is not defined | from avoid_sitting_reminder import remind_avoid_sitting  # Add this import statement | drink_water_reminder.py updated. | File "avoid_sitting_reminder.py", line 13 | NameError: name 'leave_work_reminder' is not defined"""

T[S, "stale"] = """ChatDev run (GPT-3.5-turbo, project WarmHeart) for a reminder app that reminds the user to 'drink water', 'avoid prolonged sitting' and 'leave work at 9 PM', and at leave-work time offers a few conversation topics for the next day's elevator chat with colleagues.

The CPO suggested a mobile application and the CEO agreed; the CTO chose Python. The Programmer wrote a tkinter app: main.py with class ReminderApp and three buttons ("Drink Water", "Avoid Sitting", "Leave Work"), plus drink_water_reminder.py, avoid_sitting_reminder.py and leave_work_reminder.py, whose functions at first only printed a reminder with the current time. CodeComplete filled in the missing functions over three cycles.

In code review the reviewer's first comment was that reminders are only printed when a button is clicked and nothing is scheduled; he suggested the `schedule` library (next drink-water reminder 30 minutes later) and a label in the app. The Programmer added `import schedule`, a reminder_label and scheduling code, and main.py, drink_water_reminder.py and leave_work_reminder.py were updated. The second review comment asked to pass `app` into the reminder functions."""

T[S, "vague_long"] = """The team is developing a small personal well-being tool for a customer who wants to be nudged about a few healthy habits during the working day and, at the end of the day, to get some light material for small talk with colleagues. The product discussion settled on an app-style solution in a popular scripting language, and the programmer built a simple windowed interface with one control per kind of reminder and a separate module for each reminder type, plus a helper for the conversation material.

Review focused on the fact that the early version only reacted when the user pressed a button; the reviewer recommended proper scheduling and a way for the reminder functions to update the interface, and these suggestions were incorporated in several steps. A human participant then gave direct feedback, asking for the reminders to be more proactive, for some simple tracking, and for the conversation material to come from a particular online source of trending topics. The programmer made changes in response, although parts of these requests are only sketched in the code rather than fully working. The human eventually ended the feedback phase.

Automated testing has been less smooth. The program fails as soon as it starts importing its modules, with an error about a name that is not defined. The programmer interpreted the first failure as a missing import and changed the affected file; the program then got a bit further but failed again in a similar way in another module. The pattern suggests that something left over in the source files from an earlier formatting problem is being executed as code.

The current step is to describe this latest failure accurately for the test engineer and then to fix it so that the program can start. After that there is one more test cycle, and the team still has to document the dependencies, reflect on the result and write a manual for the user."""

# ---------------------------------------------------------------- chatdev_articlepic.json (cut 54)
S = "chatdev_articlepic.json"
T[S, "faithful"] = """Summary so far (ChatDev, GPT-4 agents, project Article_pic, human feedback rounds; several gpt-4 rate_limit_exceeded errors did not stop the run). Customer task: a tool where I input an article; it finds a suitable picture on the internet, places it at a suitable position, and lays the whole article out in markdown like a professional official-account article.

The CPO proposed a web-based tool; the CTO chose Python. First version: main.py (tkinter file dialog), article_processor.py (ArticleProcessor(file_path); find_image searched Google Images with the first five words) and markdown_maker.py (MarkdownMaker converts the article, inserts the image after the first newline and writes output.md). Review: Google Images raises copyright issues, so the Unsplash API was used; the query became the five most frequent non-stopword words (NLTK stopwords + Counter); the Unsplash key stays a placeholder "<Your Unsplash Access Key>".

Human feedback, all five rounds used: #1 where are article and image saved? (output.md, image embedded by URL; no change). #2 "find image" should search and "generate layout" save (no such buttons existed; no change). #3 show an alert when the task is really finished: main.py now calls messagebox.showinfo("Task Completed", ...). #4 the picture site is too complicated, a free one is fine: switched to Pixabay with "<Your Pixabay API Key>". #5 "I cannot feel that you have done anything following my order", questions may go in a txt file: the Programmer rewrote the tool as a Flask web app (main.py with route '/', templates index.html and result.html), but article_processor.py was written as just "# ... rest of the code remains the same ...".

Tests: cycle 1, ImportError: cannot import name 'ArticleProcessor' from 'article_processor' (main.py line 5). Fix: a new article_processor.py with ArticleProcessor(article).process_article() using MarkdownMaker from markdown_maker and ImageFinder from image_finder. Cycle 2: ModuleNotFoundError: No module named 'image_finder' (article_processor.py line 5).

Current step: the Programmer must supply the missing image_finder.py (class ImageFinder with find_image) in the required format. Then test cycle 3, requirements.txt, Reflection and the manual. No API key is configured."""

T[S, "faithful_short"] = """ChatDev (GPT-4, project Article_pic): tool that takes an article, finds a suitable internet picture, places it and lays the article out in markdown. Python; first a tkinter file-dialog script (article_processor.py, markdown_maker.py writing output.md), image search moved from Google Images to Unsplash, then Pixabay (API key placeholders). Human feedback: save location, button behaviour, a finish alert (added), a simpler free image site (Pixabay), then complaint that nothing followed the order; the Programmer rewrote it as a Flask app but left article_processor.py as a placeholder comment. Tests: ImportError for ArticleProcessor, fixed with a new ArticleProcessor using MarkdownMaker and ImageFinder; cycle 2: ModuleNotFoundError: No module named 'image_finder'. Next: write image_finder.py."""

T[S, "terse"] = """Tool that takes an article, adds a suitable internet picture and a markdown layout; the GPT-4 Programmer rewrote it as a Flask app after human complaints. Tests: ArticleProcessor ImportError fixed; now ModuleNotFoundError: No module named 'image_finder' (imported in article_processor.py line 5). Next: create image_finder.py with ImageFinder.find_image()."""

T[S, "planted_errors"] = """Summary so far (ChatDev, GPT-4 agents, project Article_pic; several gpt-4 rate-limit errors occurred but the run continued). Task: I input an article; the tool finds a suitable internet picture, puts it at a suitable position and lays the article out in markdown like a professional official-account article.

The CPO proposed a web-based tool and the CTO chose Python. First version: main.py (tkinter file dialog), article_processor.py (ArticleProcessor; image search on Google Images with the first five words) and markdown_maker.py (writes output.md with the image after the first newline). Review moved the search to the Unsplash API, built the query from the five most common non-stopword words, and left a key placeholder.

Human feedback: #1 asked where output is saved (output.md); #2 asked the "find image" and "generate layout" buttons to search and save; #3 asked for an alert when done, added to main.py with messagebox.showinfo; #4 said the picture site was too complicated, so the search switched to Bing Images, which needs no key; #5 said nothing followed the order, so the Programmer rewrote the tool as a Django web app with templates index.html and result.html, keeping article_processor.py unchanged.

Tests: cycle 1 raised ImportError: cannot import name 'ArticleProcessor' from 'article_processor'. A new article_processor.py was written, with ArticleProcessor(article) using MarkdownMaker and ImageFinder. Cycle 2 raised ModuleNotFoundError: No module named 'markdown_maker'.

Current step: the Programmer must supply the missing module in the required format, then test cycle 3, requirements.txt and the manual."""
P[S] = [
    "After feedback #4 the search switched to the Pixabay API with a '<Your Pixabay API Key>' placeholder, not to a key-less Bing Images search.",
    "The rewrite was a Flask app, and article_processor.py was replaced by the placeholder comment '# ... rest of the code remains the same ...' (that caused the ImportError); it was not kept unchanged.",
    "Test cycle 2 failed with ModuleNotFoundError: No module named 'image_finder', not 'markdown_maker'; the missing module is image_finder.py.",
]

T[S, "keyword_dump"] = """find a suitable picture from the internet for this article | markdown based layout | professional official account article | project_name: Article_pic | error_code=rate_limit_exceeded ... Limit: 10000 / min | <INFO> Python | main.py | article_processor.py | markdown_maker.py | filedialog.askopenfilename() | url = f"https://www.google.com/search?q={query}&tbm=isch" | with open('output.md', 'w') | https://api.unsplash.com/search/photos?query={query} | stop_words = set(stopwords.words('english')) | word_freq.most_common(5) | <Your Unsplash Access Key> | #1: where do you save the final article? | #2: when I click "find image" ... when I click "generate layout" | #3: give me an alert | messagebox.showinfo("Task Completed", "The task has been successfully completed!") | #4: the website you choose to generate picture is too compilicated | https://pixabay.com/api/?key=<Your Pixabay API Key> | #5: I cannot feel that you have done anything following my order | from flask import Flask, render_template, request | index.html | result.html | # ... rest of the code remains the same ... | ImportError: cannot import name 'ArticleProcessor' from 'article_processor' | from image_finder import ImageFinder | ModuleNotFoundError: No module named 'image_finder'"""

T[S, "stale"] = """ChatDev run with GPT-4 agents (project Article_pic) for a tool that takes an article, finds a suitable picture on the internet, places it at a suitable position and lays the whole article out in markdown like a professional official-account article. Several gpt-4 rate-limit errors appeared but did not stop the run.

The CPO argued for a web-based tool, the CTO recommended Python, and the CEO concluded "<INFO> Python". The Programmer wrote main.py (a tkinter file dialog to pick the article), article_processor.py (ArticleProcessor reads the file and finds an image by searching Google Images for the first five words) and markdown_maker.py (MarkdownMaker converts the text, inserts the image after the first newline and writes output.md).

Code review: the first comment flagged copyright risk with Google Images and proposed the Unsplash API, which was adopted; the second proposed a better query from the five most common non-stopword words using NLTK, also adopted; the third noted that the Unsplash access key is missing, and the code now carries a key placeholder."""

T[S, "vague_long"] = """The team has been working on a content tool for a customer who writes articles and wants them automatically illustrated and formatted in a polished, publication-ready style. After an initial discussion about the form of the product, the programmer chose a familiar scripting language and produced a first version made of a few cooperating modules: one to take the user's input, one to analyse the text and look for a fitting image online, and one to produce the formatted output file.

Review rounds refined the approach to finding images, mainly around where images may legally and practically be taken from and how to build a better search from the article's content. Some configuration, such as credentials for the external image service, is still left for the user to fill in.

The human participant then gave a series of comments. Some were questions about where the results end up, some asked for clearer feedback from the interface when work is done, and one asked for a simpler image source, which led to switching services. The human grew dissatisfied with the progress and said the tool did not seem to follow the instructions. In response the programmer substantially restructured the tool into a different kind of interface, but the restructuring was incomplete and left part of the code missing.

Automated testing has since been working through the consequences of that restructuring. Each test run has uncovered a missing piece in the chain of modules, and the programmer has been filling these gaps one at a time; the most recent run again stopped because a component that the main processing code depends on does not exist yet.

The next step is to provide that missing component in the expected format so the application can at least start, and then continue with the remaining test cycles. After that, the team still has to document the required dependencies, reflect on the result and prepare a user manual, and the question of service credentials remains open."""
