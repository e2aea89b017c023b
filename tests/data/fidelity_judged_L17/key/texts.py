# Hand-written replacements for L17. T[(session, variant)] = text; P[session] = planted errors.
T, P = {}, {}

# ------------------------------------------------ CAMEL role-play, time travel (GPT-4o-mini), cut 10
S = "camel_time_travel.json"
T[S, "faithful"] = """Summary of the role-play so far (messages 1-9 were compacted):

Setting: a CAMEL RolePlaying session. I am the AI assistant, "the best-ever experimental physicist"; the AI user is "an ambitious aspiring TIME TRAVELER". The task is to develop a plan to travel to the past and make changes. The user gives one "Instruction: ... / Input: ..." at a time; I answer with "Solution: ..." and end each answer with "Next request.".

Instructions answered so far:
1. Research quantum entanglement and wormhole theory for time travel: I covered entanglement (non-locality, superposition; information transfer, quantum teleportation), wormholes (Einstein-Rosen bridge, exotic matter with negative energy density needed for stability) and "quantum wormholes" as a way to send information back without paradoxes.
2. Pick a pivotal historical event: I chose the signing of the Declaration of Independence, July 4, 1776 (foundational document, "all men are created equal", influence on France and Latin America, room for subtle influence).
3. Strategy for subtle influence without altering the timeline: focus on Thomas Jefferson, John Adams, Benjamin Franklin and George Washington; arrive a few days early in Philadelphia disguised as a local merchant or visitor; informal conversations in taverns; leave pamphlets on Locke and Montesquieu presented as contemporary literature; foster collaboration among signers; subtle suggestions framed as collective ideas; monitor reactions; discreet exit.
4. Paradoxes and risks: grandfather paradox, causal loop, temporal feedback, altered perceptions, historical integrity, moral/ethical concerns. Key decision for all of them: reinforce ideas that already exist in 1776 rather than introduce new concepts or phrases, keep a low profile, document observations, define an ethical framework beforehand.

Current state: the user's latest instruction (message 9) asks me to "Create a timeline for our time travel mission, detailing key phases and actions to be taken before, during, and after the signing of the Declaration of Independence" (Input: None). Next step: answer with a phased timeline (preparation, arrival, engagement, the signing on July 4, 1776, exit, return and analysis) consistent with the strategy and risk mitigations above, then "Next request."."""

T[S, "faithful_short"] = """Role-play so far (compacted): I am the AI assistant ("the best-ever experimental physicist"); the AI user ("an ambitious aspiring TIME TRAVELER") instructs me, one instruction at a time, to plan a trip to the past to make changes; I reply "Solution: ..." ending with "Next request.". Done: (1) entanglement and wormhole theory for time travel; (2) chosen event: signing of the Declaration of Independence, July 4, 1776; (3) subtle-influence strategy: Jefferson, Adams, Franklin, Washington, arrive early in Philadelphia disguised as a merchant, tavern talks, Locke/Montesquieu pamphlets; (4) paradoxes (grandfather, causal loop, etc.), mitigated by reinforcing existing ideas only. Current instruction (msg 9): create a timeline of phases before, during and after the signing. Next: write that timeline."""

T[S, "terse"] = """We are role-playing a time-travel plan: the user (a would-be time traveler) gives instructions, I (a physicist) answer each. So far I explained the physics involved, chose a famous 18th-century American founding event as the target, proposed a discreet influence strategy and listed paradoxes with mitigations (reinforce, don't invent). Now I must lay out a phased mission timeline."""

T[S, "planted_errors"] = """Summary of the role-play so far (messages 1-9 were compacted):

Setting: a CAMEL RolePlaying session. I am the AI assistant, "the best-ever experimental physicist"; the AI user is "an ambitious aspiring TIME TRAVELER". The task is to develop a plan to travel to the past and make changes. The user gives one "Instruction: ... / Input: ..." at a time; I answer with "Solution: ..." and end each answer with "Next request.".

Instructions answered so far:
1. Research quantum entanglement and wormhole theory for time travel: I covered entanglement (non-locality, superposition; information transfer, quantum teleportation), wormholes (Einstein-Rosen bridge, exotic matter with negative energy density needed for stability) and "quantum wormholes" as a way to send information back without paradoxes.
2. Pick a pivotal historical event: I chose the signing of the Declaration of Independence, July 4, 1776 (foundational document, "all men are created equal", influence on France and Latin America, room for subtle influence).
3. Strategy for influence: focus on Alexander Hamilton and James Madison; arrive a few days early in Philadelphia disguised as a local merchant or visitor; informal conversations in taverns; leave pamphlets on Hobbes and Machiavelli presented as contemporary literature; foster collaboration among signers; monitor reactions; discreet exit.
4. Paradoxes and risks: grandfather paradox, causal loop, temporal feedback, altered perceptions, historical integrity, moral/ethical concerns. Key decision: since merely reinforcing existing ideas was judged too weak to matter, we will introduce new phrases and concepts directly into the draft, accepting some risk to the timeline; keep a low profile and document observations.

Current state: the user's latest instruction (message 9) asks me to "Create a timeline for our time travel mission, detailing key phases and actions to be taken before, during, and after the signing of the Declaration of Independence" (Input: None). Next step: answer with a phased timeline (preparation, arrival, engagement, the signing on July 4, 1776, exit, return and analysis) consistent with the strategy and risk decisions above, then "Next request."."""
P[S] = [
    "Key figures: Alexander Hamilton and James Madison instead of Jefferson, Adams, Franklin and Washington (message 6).",
    "Pamphlets on Hobbes and Machiavelli instead of Locke and Montesquieu (message 6).",
    "The risk decision is reversed: the session decided to reinforce existing ideas and NOT introduce new concepts or phrases (messages 6, 8); the summary says new phrases will be introduced directly.",
]

T[S, "keyword_dump"] = """"Develop a plan to TRAVEL TO THE PAST and make changes." | "an ambitious aspiring TIME TRAVELER" | "the best-ever experimental physicist" | "Instruction: Research the principles of quantum entanglement and wormhole theory to understand their potential applications in time travel." | "Non-locality" | "Superposition" | "Quantum Teleportation" | "Einstein-Rosen Bridge" | "exotic matter" with negative energy density | "Quantum Wormholes" | "Instruction: Identify a pivotal historical event suitable for our time travel mission and explain why it is significant." | "the signing of the Declaration of Independence on July 4, 1776" | "all men are created equal" | "Potential for Subtle Influence" | "Instruction: Develop a strategy for subtly influencing key figures during the signing of the Declaration of Independence without causing significant alterations to the timeline." | "Thomas Jefferson (the principal author), John Adams, Benjamin Franklin, and George Washington" | "Disguise as a local merchant or a visitor" | "taverns or public gatherings" | "John Locke and Montesquieu" | "Have you considered how this might resonate with the common people?" | "Exit Strategy" | "Instruction: Outline potential paradoxes or risks associated with our time travel mission and propose solutions to mitigate them." | "The Grandfather Paradox" | "Causal Loop" | "Temporal Feedback" | "Altered Perceptions" | "Historical Integrity" | "Moral and Ethical Considerations" | "reinforcing existing ideas rather than introducing entirely new concepts" | "Instruction: Create a timeline for our time travel mission, detailing key phases and actions to be taken before, during, and after the signing of the Declaration of Independence." | "Input: None." | "Next request.." """

T[S, "stale"] = """Summary of the role-play so far (compacted):

Setting: a CAMEL RolePlaying session. I am the AI assistant, "the best-ever experimental physicist"; the AI user is "an ambitious aspiring TIME TRAVELER". The task is to develop a plan to travel to the past and make changes. The user gives one "Instruction: ... / Input: ..." at a time; I answer with "Solution: ..." ending with "Next request.".

Done so far:
1. Research on quantum entanglement and wormhole theory for time travel: entanglement (non-locality, superposition; information transfer, quantum teleportation); wormholes (Einstein-Rosen bridge; a traversable wormhole needs exotic matter with negative energy density); combining them as "quantum wormholes" to send information back in time as suggestions rather than direct alterations.
2. The target event: I chose the signing of the Declaration of Independence on July 4, 1776, because it is a foundational document, its "all men are created equal" shaped human-rights discourse, it influenced revolutions in France and Latin America, and subtle influence on its drafters could strengthen equality and justice.

Current state: the event has just been chosen and justified. Next step: wait for the user's next instruction, most likely how to influence the event's key figures."""

T[S, "vague_long"] = """Summary of the conversation so far:

This is a cooperative role-play between two agents. One of them plays a person who wants to travel back in time and change something, and gives instructions one at a time; the other, which is me, plays a scientist who answers each instruction with a detailed solution and then asks for the next request. The overall goal is to produce a complete plan for a journey into the past that makes a meaningful difference without breaking history.

The work has moved through several stages. First I explained the scientific ideas that could make such a journey conceivable, discussing some of the more speculative parts of modern physics and how they might allow information or people to move through time, along with the obstacles that remain. Then we agreed on a target: an important moment in history whose ideals had a wide influence, chosen because a gentle nudge there could have large positive effects. After that I proposed an approach for influencing the people involved in a discreet way, through conversation, reading material and encouragement rather than open intervention, while blending in with the local population and leaving without a trace.

Most recently I went through the dangers of the whole undertaking: the classic paradoxes of time travel, the possibility of unintended ripple effects, changes in how the historical figures see themselves, and the ethical questions raised by changing the past. For each of them I suggested ways to reduce the risk, mostly by keeping a low profile, building on what already exists instead of inventing something new, and keeping careful notes.

The partner has now asked for the next piece of the plan, which concerns organising the mission over time. I should answer in the same style as before, consistent with the approach and precautions already agreed, and end by asking for the next request."""

# ------------------------------------------------ CAMEL role-play, trading bot (GPT-4o-mini), cut 14
S = "camel_trading_bot.json"
T[S, "faithful"] = """Summary of the role-play so far (messages 1-13 were compacted):

Setting: CAMEL RolePlaying (default model GPT-4o-mini). I am the AI assistant, a Python Programmer; the AI user is a Stock Trader who gives one "Instruction: / Input:" at a time. Task (specified): a Python trading bot that uses machine learning on historical stock data to identify patterns and place buy/sell orders automatically, with risk management, backtesting and real-time market data, focused on tech stocks trading at least 1 million shares a day. I answer "Solution: ..." and end with "Next request.".

Done so far:
1. Environment: venv `trading_bot_env`, `pip install pandas numpy scikit-learn tensorflow` (Jupyter optional).
2. Data: `yfinance`, tickers ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'FB', 'TSLA'], `period='1y', interval='1d'`, rows filtered `Volume >= 1_000_000`, saved as `{stock}_historical_data.csv`.
3. Model: features SMA_10, SMA_50 and RSI (14-day `calculate_rsi`); label `Signal` = 1 if next close is higher else 0; `train_test_split(test_size=0.2, random_state=42)`; `RandomForestClassifier(n_estimators=100, random_state=42)`; accuracy and classification report (shown for AAPL).
4. Risk management: class `TradingBot(initial_capital, risk_percentage, stop_loss_pct, take_profit_pct)` with `calculate_position_size`, `execute_trade`, `close_position`, `check_stop_loss_take_profit`; example 10000 capital, risk 2%, stop-loss 1%, take-profit 2%.
5. Backtesting: class `Backtester` with `backtest(historical_data)` and `calculate_metrics` (total return, win rate, maximum drawdown). Not run; note it calls `check_stop_loss_take_profit` without defining it and `close_position` uses `self.position_size`, which is never set.
6. Live data: Alpaca (`pip install alpaca-trade-api`), class `LiveTradingBot(api_key, api_secret, base_url, ...)` on `https://paper-api.alpaca.markets`, `submit_order` market/gtc, `run(symbol)` loop with `time.sleep(60)`, dummy `generate_signal` returning 1; example `run('AAPL')`. Its sell order uses `qty=self.api.get_account().cash`.

Current state: latest instruction (message 13): "Implement logging functionality to track trades, performance metrics, and any errors during execution", Input: use Python's `logging` module to create a log file. Next: add logging (basicConfig to a log file, info for trades, error in try/except) to `LiveTradingBot`, then "Next request."."""

T[S, "faithful_short"] = """Role-play so far (compacted): I'm the Python Programmer, the AI user a Stock Trader; task: an ML trading bot for tech stocks (volume >= 1M/day) with risk management, backtesting and real-time data. Done: venv `trading_bot_env` with pandas/numpy/scikit-learn/tensorflow; yfinance data for AAPL, MSFT, GOOGL, AMZN, FB, TSLA (1y daily, CSVs); RandomForestClassifier(100) on SMA_10, SMA_50, RSI predicting next-day up (Signal); `TradingBot` with 2% risk, 1% stop-loss, 2% take-profit; `Backtester` (total return, win rate, max drawdown; untested, has undefined `check_stop_loss_take_profit`/`position_size`); `LiveTradingBot` on Alpaca paper API, dummy signal, `run('AAPL')`. Current instruction (msg 13): add logging with Python's `logging` module to a log file for trades, metrics and errors. Next: add it to `LiveTradingBot`."""

T[S, "terse"] = """We are role-playing: a stock trader instructs me, a Python programmer, to build a machine-learning trading bot step by step. I have covered the environment, downloading historical data for several tech stocks, a classifier on technical indicators, risk limits per trade, a backtesting class and a live-trading class for a broker's paper API. Next I must add logging of trades and errors."""

T[S, "planted_errors"] = """Summary of the role-play so far (messages 1-13 were compacted):

Setting: CAMEL RolePlaying (default model GPT-4o-mini). I am the AI assistant, a Python Programmer; the AI user is a Stock Trader who gives one "Instruction: / Input:" at a time. Task (specified): a Python trading bot that uses machine learning on historical stock data to identify patterns and place buy/sell orders automatically, with risk management, backtesting and real-time market data, focused on tech stocks trading at least 1 million shares a day. I answer "Solution: ..." and end with "Next request.".

Done so far:
1. Environment: venv `trading_bot_env`, `pip install pandas numpy scikit-learn tensorflow` (Jupyter optional).
2. Data: the Alpha Vantage API, tickers ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'FB', 'TSLA'], one year of daily data, rows filtered `Volume >= 1_000_000`, saved as `{stock}_historical_data.csv`.
3. Model: features SMA_10, SMA_50 and RSI (14-day `calculate_rsi`); label `Signal` = 1 if next close is higher else 0; `train_test_split(test_size=0.2, random_state=42)`; a support vector machine (`SVC`) classifier; accuracy and classification report (shown for AAPL).
4. Risk management: class `TradingBot(initial_capital, risk_percentage, stop_loss_pct, take_profit_pct)` with `calculate_position_size`, `execute_trade`, `close_position`, `check_stop_loss_take_profit`; example 10000 capital, risk 2%, stop-loss 2%, take-profit 1%.
5. Backtesting: class `Backtester` with `backtest(historical_data)` and `calculate_metrics` (total return, win rate, maximum drawdown). Not run; note it calls `check_stop_loss_take_profit` without defining it and `close_position` uses `self.position_size`, which is never set.
6. Live data: Alpaca (`pip install alpaca-trade-api`), class `LiveTradingBot(api_key, api_secret, base_url, ...)` on `https://paper-api.alpaca.markets`, `submit_order` market/gtc, `run(symbol)` loop with `time.sleep(60)`, dummy `generate_signal` returning 1; example `run('AAPL')`.

Current state: latest instruction (message 13): "Implement logging functionality to track trades, performance metrics, and any errors during execution", Input: use Python's `logging` module to create a log file. Next: add logging (basicConfig to a log file, info for trades, error in try/except) to `LiveTradingBot`, then "Next request."."""
P[S] = [
    "Data source: Alpha Vantage instead of the yfinance library (Yahoo Finance) actually used (message 4).",
    "Model: an SVM (SVC) instead of RandomForestClassifier(n_estimators=100, random_state=42) (message 6).",
    "Stop-loss and take-profit swapped: the session used stop-loss 1% and take-profit 2% (message 8).",
]

T[S, "keyword_dump"] = """"Develop a trading bot for the stock market" | "Python Programmer" | "Stock Trader" | "tech stocks with a minimum trading volume of 1 million shares daily" | "python -m venv trading_bot_env" | "pip install pandas numpy scikit-learn tensorflow" | "pip install yfinance" | "tech_stocks = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'FB', 'TSLA']" | "yf.download(stock, period='1y', interval='1d')" | "data[data['Volume'] >= 1_000_000]" | "data.to_csv(f\\"{stock}_historical_data.csv\\")" | "data['SMA_10']" | "data['SMA_50']" | "def calculate_rsi(data, window=14):" | "data['Signal']" | "train_test_split(features, labels, test_size=0.2, random_state=42)" | "RandomForestClassifier(n_estimators=100, random_state=42)" | "class TradingBot:" | "calculate_position_size" | "check_stop_loss_take_profit" | "risk_percentage = 0.02" | "stop_loss_pct = 0.01" | "take_profit_pct = 0.02" | "class Backtester:" | "def backtest(self, historical_data):" | "'Total Return (%)'" | "'Win Rate (%)'" | "'Maximum Drawdown (%)'" | "pip install alpaca-trade-api" | "class LiveTradingBot:" | "tradeapi.REST(api_key, api_secret, base_url, api_version='v2')" | "base_url = 'https://paper-api.alpaca.markets'" | "time.sleep(60)" | "return 1  # Always buy for demonstration purposes" | "live_trading_bot.run('AAPL')" | "Instruction: Implement logging functionality to track trades, performance metrics, and any errors during execution." | "Input: Use the `logging` module in Python to create a log file that records relevant information." | "Next request." """

T[S, "stale"] = """Summary of the role-play so far (compacted):

Setting: CAMEL RolePlaying (default model GPT-4o-mini). I am the AI assistant, a Python Programmer; the AI user is a Stock Trader who gives one "Instruction: / Input:" at a time. Task (specified): a Python trading bot that uses machine learning on historical stock data to identify patterns and place buy/sell orders automatically, with risk management, backtesting and real-time market data, focused on tech stocks trading at least 1 million shares a day. I answer "Solution: ..." and end with "Next request.".

Done so far:
1. Environment: venv `trading_bot_env`, `pip install pandas numpy scikit-learn tensorflow` (Jupyter optional), import check.
2. Data: `yfinance`, tickers ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'FB', 'TSLA'], `period='1y', interval='1d'`, rows filtered `Volume >= 1_000_000`, saved as `{stock}_historical_data.csv`.
3. Model: features SMA_10, SMA_50 and RSI (14-day `calculate_rsi`); label `Signal` = 1 if the next close is higher, else 0; `train_test_split(test_size=0.2, random_state=42)`; `RandomForestClassifier(n_estimators=100, random_state=42)`; accuracy and classification report, shown for AAPL.

Current state: the supervised model is in place. Next step: wait for the trader's next instruction, presumably adding risk management (stop-loss and take-profit) to the strategy."""

T[S, "vague_long"] = """Summary of the conversation so far:

Two agents are cooperating on a software project through role-play. The other agent plays an experienced trader who issues one instruction at a time, sometimes with a hint about which tools to use; I play a programmer who answers every instruction with a worked solution, including code and explanations, and then asks for the next request. The goal is an automated trading program that learns from past market behaviour, decides when to buy and sell, and keeps risk under control, aimed at large and heavily traded technology companies.

We have gone through the project in a sensible order. I began by describing how to prepare a clean development environment with the usual libraries for data handling and machine learning. Next I showed how to collect a period of past price data for a handful of well-known technology companies and keep only the days with enough trading activity, storing the result for later use. I then built a first predictive model that turns the price history into a few common technical indicators and learns to anticipate whether the price will rise, with a standard evaluation.

After that the work turned to safety and validation. I wrote a component that sizes each position according to how much of the capital may be put at risk and that exits positions when losses or gains reach preset limits. I followed it with a component that replays past data to estimate how the strategy would have performed, reporting returns, how often trades win, and the worst decline. Finally I connected the program to a broker's service for live prices and orders, in a practice mode, with a simple placeholder for the trading decision.

The trader has now asked for the next improvement, which is about keeping records of what the program does and of anything that goes wrong. I should provide it in the same style and end by asking for the next request."""

# ------------------------------------------------ InterCode CTF, dds2-alpine (gpt-4), cut 16
S = "intercode_ctf_dds2.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-15 were compacted):

Task (InterCode CTF, picoCTF forensics): "You should utilize the 'dds2-alpine.flag.img.gz' image. All we know is the file with the flag is named `down-at-the-bottom.txt`. The 'sleuthkit' tools can be used for help." I act one command per turn (`cmd ...`) and finish with `submit <flag>`.

What was done and found:
- `gunzip dds2-alpine.flag.img.gz` worked silently; the image is now `dds2-alpine.flag.img`.
- `file dds2-alpine.flag.img`: DOS/MBR boot sector, partition 1 ID=0x83 (Linux), startsector 2048, 260096 sectors.
- `sudo apt-get install sleuthkit` failed: "/bin/bash: line 1: sudo: command not found". Without sudo, `apt-get install sleuthkit` reported sleuthkit is already the newest version (4.11.1+dfsg-1): the tools are available, nothing to install.
- `mmls dds2-alpine.flag.img` confirmed the layout: the Linux (0x83) partition starts at sector 2048 (length 260096); sectors 0-2047 unallocated. So every sleuthkit command needs `-o 2048`.
- `fls -o 2048 dds2-alpine.flag.img` listed the root directory of the ext file system: home (inode 26417), lost+found, .dockerenv, bin, boot, dev, etc, lib, media, mnt, opt, proc, root (inode 18290), run, sbin, srv, sys, tmp, usr, var, $OrphanFiles.
- `fls -o 2048 -r dds2-alpine.flag.img` gave a recursive listing, but it is long (busybox applets under bin, etc.) and was cut off before `down-at-the-bottom.txt` appeared, so the file's location and inode are still unknown.

Current state: image decompressed, partition offset 2048 known, sleuthkit working; the flag file not yet located. Next step: filter the recursive listing with full paths, e.g. `fls -o 2048 -r -p dds2-alpine.flag.img | grep down-at-the-bottom.txt`, then read the file by its inode with `icat -o 2048 dds2-alpine.flag.img <inode>` and submit the picoCTF{...} flag."""

T[S, "faithful_short"] = """Run so far (compacted): CTF task: find the flag in `down-at-the-bottom.txt` inside `dds2-alpine.flag.img.gz`, using sleuthkit; one `cmd` per turn, end with `submit <flag>`. Done: gunzipped to `dds2-alpine.flag.img`; `file`/`mmls` show one Linux (0x83) partition starting at sector 2048 (so use `-o 2048`); `sudo` is not available ("sudo: command not found") but sleuthkit 4.11.1 is already installed; `fls -o 2048` lists the root dirs (home, root, bin, etc, ...); `fls -o 2048 -r` is too long and was cut off before the target file appeared. Next: `fls -o 2048 -r -p ... | grep down-at-the-bottom.txt` to get its inode, then `icat -o 2048 dds2-alpine.flag.img <inode>` and submit the flag."""

T[S, "terse"] = """A forensics CTF: find the flag in a named text file inside a compressed disk image, using sleuthkit. I decompressed the image, found the single Linux partition and its offset, checked the tools are installed, and listed the file system, but the recursive listing is too long to show the target file. Next: search the listing for the file name, read it, submit the flag."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-15 were compacted):

Task (InterCode CTF, picoCTF forensics): "You should utilize the 'dds2-alpine.flag.img.gz' image. All we know is the file with the flag is named `down-at-the-bottom.txt`. The 'sleuthkit' tools can be used for help." I act one command per turn (`cmd ...`) and finish with `submit <flag>`.

What was done and found:
- `gunzip dds2-alpine.flag.img.gz` worked silently; the image is now `dds2-alpine.flag.img`.
- `file dds2-alpine.flag.img`: DOS/MBR boot sector, partition 1 ID=0x83 (Linux), 260096 sectors.
- `sudo apt-get install sleuthkit` succeeded and installed sleuthkit 4.11.1+dfsg-1; a second `apt-get install sleuthkit` confirmed it is the newest version.
- `mmls dds2-alpine.flag.img` confirmed the layout: the Linux (0x83) partition starts at sector 4096; the sectors before it are unallocated. So every sleuthkit command needs `-o 4096`.
- `fls` on the partition listed the root directory of the ext file system: home (inode 26417), lost+found, .dockerenv, bin, boot, dev, etc, lib, media, mnt, opt, proc, root (inode 18290), run, sbin, srv, sys, tmp, usr, var, $OrphanFiles.
- The recursive `fls -r` listing shows `down-at-the-bottom.txt` under `home/`, at inode 26417.

Current state: image decompressed, partition offset known, sleuthkit working, the flag file located. Next step: read it with `icat -o 4096 dds2-alpine.flag.img 26417` and submit the picoCTF{...} flag."""
P[S] = [
    "The failed step called successful: `sudo apt-get install sleuthkit` failed with \"sudo: command not found\" (message 7); sleuthkit was already installed (message 9).",
    "Wrong partition offset: the partition starts at sector 2048 (messages 5, 11), not 4096; `-o 4096` would fail.",
    "The file is said to be found under home/ at inode 26417 (the inode of the home directory); the recursive listing was cut off before the file appeared (message 15); it is really root/down-at-the-bottom.txt, inode 18291 (message 17).",
]

T[S, "keyword_dump"] = """"dds2-alpine.flag.img.gz" | "down-at-the-bottom.txt" | "sleuthkit" | cmd /bin/bash -c "gunzip dds2-alpine.flag.img.gz" | cmd /bin/bash -c "file dds2-alpine.flag.img" | "DOS/MBR boot sector; partition 1 : ID=0x83, active, start-CHS (0x0,32,33), end-CHS (0x10,81,1), startsector 2048, 260096 sectors" | cmd /bin/bash -c "sudo apt-get install sleuthkit" | "/bin/bash: line 1: sudo: command not found" | cmd /bin/bash -c "apt-get install sleuthkit" | "sleuthkit is already the newest version (4.11.1+dfsg-1)." | cmd /bin/bash -c "mmls dds2-alpine.flag.img" | "DOS Partition Table" | "Units are in 512-byte sectors" | "001:  -------   0000000000   0000002047   0000002048   Unallocated" | "002:  000:000   0000002048   0000262143   0000260096   Linux (0x83)" | cmd /bin/bash -c "fls -o 2048 dds2-alpine.flag.img" | "d/d 26417:	home" | "d/d 11:	lost+found" | "r/r 12:	.dockerenv" | "d/d 18290:	root" | "d/d 2033:	etc" | "V/V 32513:	$OrphanFiles" | cmd /bin/bash -c "fls -o 2048 -r dds2-alpine.flag.img" | "+ -/r * 2049(realloc):	^" | "+ r/r 20326:	busybox" | "+ l/l 20354:	ipcalc" | "Reading package lists..." | "0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded." | "Offset Sector: 0" | "000:  Meta      0000000000   0000000000   0000000001   Primary Table (#0)" | "d/d 20321:	bin" | "d/d 4065:	boot" | "d/d 8129:	lib" | "d/d 18289:	opt" | "d/d 16258:	proc" | "d/d 18292:	sbin" | "d/d 18369:	tmp" | "d/d 12223:	usr" | "d/d 14229:	var" | "+ l/l 20324:	base64" | "+ l/l 20348:	grep" | "+ l/l 20349:	gunzip" """

T[S, "stale"] = """Summary of the run so far (compacted):

Task (InterCode CTF, picoCTF forensics): "You should utilize the 'dds2-alpine.flag.img.gz' image. All we know is the file with the flag is named `down-at-the-bottom.txt`. The 'sleuthkit' tools can be used for help." I act one command per turn (`cmd ...`) and finish with `submit <flag>`.

What was done and found:
- `gunzip dds2-alpine.flag.img.gz` worked silently; the image is now `dds2-alpine.flag.img`.
- `file dds2-alpine.flag.img`: DOS/MBR boot sector; partition 1 : ID=0x83 (Linux), active, startsector 2048, 260096 sectors.
- `sudo apt-get install sleuthkit` failed: "/bin/bash: line 1: sudo: command not found".

Current state: the image is decompressed and its one Linux partition starts at sector 2048, but sleuthkit could not be installed with sudo. Next step: install sleuthkit without sudo (`apt-get install sleuthkit`), then use its tools (mmls, fls, icat) with offset 2048 to find `down-at-the-bottom.txt`."""

T[S, "vague_long"] = """Summary of the run so far:

This is a capture-the-flag exercise in digital forensics. The goal is to recover a hidden flag from a text file stored inside a disk image that was supplied in compressed form; the name of the file is known, and the task suggests using a standard open-source toolkit for analysing file systems. The agent works one shell command at a time and ends the task by submitting the flag it finds.

Good progress has been made on the groundwork. The compressed image was unpacked without trouble, and a first inspection of the result showed that it is a disk with a partition table containing a single Linux partition that does not begin at the very start of the disk, so the analysis tools have to be told where the partition begins. An attempt to install the forensic toolkit ran into a small permissions problem with the way the installation was requested, but a second attempt showed that the tools were already present in the environment, so nothing needed to be installed.

With the tools available, the partition layout was examined in more detail, confirming where the file system starts. The top level of the file system was then listed, showing the ordinary directories of a small Linux installation. A full recursive listing was also produced, but it is very long, because the system contains many small utility programs, and the part of the output that was shown ends before the file of interest appears, so its exact location inside the image is still not known.

The next step is to narrow the listing down so that only the file we are looking for is shown, note the identifier the toolkit reports for it, extract its contents directly from the image with the toolkit, and then read the flag from those contents and submit it in the expected format."""

# ------------------------------------------------ InterCode CTF, WhitePages (gpt-4), cut 16
S = "intercode_ctf_whitepages.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-15 were compacted):

Task (InterCode CTF, picoCTF): "I stopped using YellowPages and moved onto WhitePages... but the page they gave me is all blank!" I act one command per turn and finish with `submit picoCTF{...}`; no flag submitted yet.

What was done and found:
- `ls`: the only file is `whitepages_task_3.txt`.
- `cat whitepages_task_3.txt` prints what looks like a blank page: 1376 whitespace characters, no visible text.
- Three python3 one-liners replaced chr(160) (non-breaking space) with ' ' and printed the text, the text with whitespace removed, and its repr: the output stayed blank and the stripped text was '' (empty).
- Printing `repr(decoded)` showed what the page really contains: a mix of '\\u2003' (EM SPACE) and ordinary ' ' (space) characters, nothing else. There is no chr(160) in the file, so the replacement did nothing.
- The last step (message 14) mapped ord(c) == 160 to '1' and everything else to '0': the result is a string of 0s only, because chr(160) never occurs.

Finding: the flag is almost certainly binary encoded in the two kinds of whitespace, one bit per character (1376 characters = 172 bytes). The bit mapping must use '\\u2003' versus ' ' (e.g. EM SPACE = 0, space = 1, or the reverse), not chr(160).

Current state: the 160-based bit string is all zeros, so any 8-bit decoding of it will give only NUL bytes. Next step: rebuild the bit string from '\\u2003' and ' ' (python3 -c "... ''.join('0' if c == '\\u2003' else '1' for c in content) ..."), group it into 8-bit bytes, decode to text, try the inverted mapping if it is not readable, and submit the picoCTF{...} flag found there."""

T[S, "faithful_short"] = """Run so far (compacted): CTF task "I stopped using YellowPages and moved onto WhitePages... but the page they gave me is all blank!". `ls` shows only `whitepages_task_3.txt`; `cat` prints blank. Replacing chr(160) with spaces changed nothing (stripped text ''). `repr` showed the file is only '\\u2003' (EM SPACE) and ' ' characters (1376 of them), no chr(160). The last one-liner mapped ord(c) == 160 -> '1', else '0', and got all zeros: the mapping is wrong. The flag is likely binary in the two whitespace kinds. Next: map '\\u2003'/' ' to 0/1 (or reversed), decode 8-bit groups to ASCII, submit the picoCTF{...} flag."""

T[S, "terse"] = """A CTF puzzle: a "blank" text page hides the flag. The only file looked empty; inspecting it showed it is made of two different kinds of whitespace characters. My attempts so far looked for the wrong kind of space, so the bits I extracted are all zero. Next: encode the two whitespace kinds as binary, decode the bytes, submit the flag."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-15 were compacted):

Task (InterCode CTF, picoCTF): "I stopped using YellowPages and moved onto WhitePages... but the page they gave me is all blank!" I act one command per turn and finish with `submit picoCTF{...}`; no flag submitted yet.

What was done and found:
- `ls`: the only file is `whitepages_task_3.txt`.
- `cat whitepages_task_3.txt` prints what looks like a blank page: 1376 whitespace characters, no visible text.
- Three python3 one-liners replaced chr(160) (non-breaking space) with ' ' and printed the text, the text with whitespace removed, and its repr.
- Printing `repr(decoded)` showed what the page really contains: a mix of chr(160) (NO-BREAK SPACE, '\\xa0') and ordinary ' ' (space) characters, nothing else.
- The last step (message 14) mapped ord(c) == 160 to '1' and everything else to '0': the result is a bit string of mixed 0s and 1s, 1376 bits long.

Finding: the flag is binary encoded in the two kinds of whitespace, one bit per character (1376 characters = 172 bytes), and the chr(160) = 1 / space = 0 mapping is the right one.

Current state: the bit string is ready. Next step: group it into 8-bit bytes (python3 -c "... ''.join(chr(int(decoded[i:i+8], 2)) for i in range(0, len(decoded), 8)) ..."), print the decoded text, and submit the picoCTF{...} flag found there."""
P[S] = [
    "The whitespace kind is wrong: the file holds '\\u2003' (EM SPACE) and ' ' (message 13), not chr(160) / '\\xa0'.",
    "The failed step is called successful: the ord(c) == 160 mapping gave only zeros (message 15), not a mixed bit string; the summary calls the mapping right, so the agent would keep decoding NUL bytes.",
]

T[S, "keyword_dump"] = """"I stopped using YellowPages and moved onto WhitePages... but the page they gave me is all blank!" | cmd ls | "whitepages_task_3.txt" | cmd cat whitepages_task_3.txt | python3 -c "with open('whitepages_task_3.txt', 'r') as f: content = f.read(); decoded = ''.join([c if ord(c) != 160 else ' ' for c in content]); print(decoded)" | "flag = ''.join(decoded.split()); print(repr(flag))" | "''" | "print(repr(decoded))" | "'\\u2003\\u2003\\u2003\\u2003 \\u2003 \\u2003\\u2003\\u2003\\u2003\\u2003 \\u2003\\u2003 \\u2003\\u2003\\u2003\\u2003 \\u2003\\u2003 \\u2003   \\u2003\\u2003\\u2003\\u2003\\u2003  \\u2003 ..." | python3 -c "with open('whitepages_task_3.txt', 'r') as f: content = f.read(); decoded = ''.join(['1' if ord(c) == 160 else '0' for c in content]); print(decoded)" | "0000000000000000000000000000000000000000000000000000000000000000..." | python3 -c "with open('whitepages_task_3.txt', 'r') as f: content = f.read(); decoded = ''.join([c if ord(c) != 160 else ' ' for c in content]); flag = ''.join(decoded.split()); print(flag)" | python3 -c "with open('whitepages_task_3.txt', 'r') as f: content = f.read(); decoded = ''.join([c if ord(c) != 160 else ' ' for c in content]); flag = ''.join(decoded.split()); print(repr(flag))" | "ord(c) != 160" | "ord(c) == 160" | "\u2003" """

T[S, "stale"] = """Summary of the run so far (compacted):

Task (InterCode CTF, picoCTF): "I stopped using YellowPages and moved onto WhitePages... but the page they gave me is all blank!" I act one command per turn and finish with `submit picoCTF{...}`; no flag submitted yet.

What was done and found:
- `ls`: the only file is `whitepages_task_3.txt`.
- `cat whitepages_task_3.txt` prints what looks like a blank page: a long run of whitespace characters, no visible text.
- A python3 one-liner that replaces chr(160) (non-breaking space) with ' ' and prints the result also printed a blank page.

Current state: the page looks blank even after normalising non-breaking spaces. Next step: remove the whitespace to see whether any visible characters remain, then print the repr() of the content to see exactly which characters the file is made of."""

T[S, "vague_long"] = """Summary of the run so far:

This is a capture-the-flag puzzle. The story says the page that was handed over looks completely blank, and the goal is to recover a hidden flag in the usual format from it. The agent works one command at a time in a small Linux environment and finishes by submitting the flag.

The environment holds a single text file. Displaying it produced what looks like an empty page: there are many characters in it, but none of them is visible. That suggested the message is hidden in the invisible characters themselves, which is a common trick in puzzles of this kind: different kinds of blank characters can stand for different values.

Several short scripts were then used to look at the file more closely. The first attempts assumed one particular kind of invisible character and tried to normalise it away or to remove all blank characters, but they produced nothing readable, and removing the blanks left nothing at all. Printing an escaped representation of the contents was more useful, because it showed exactly which characters the page is made of: two different kinds of blank characters, mixed in an irregular pattern, and nothing else.

The most recent attempt turned the page into a sequence of ones and zeros by treating one kind of character as a one and everything else as a zero. The result was not informative, which means the choice of character used to build the sequence does not match what is actually in the file, so decoding that sequence will not reveal anything.

The next step is to build the binary sequence from the two kinds of blank characters that really appear in the file, split it into groups that correspond to text characters, decode those groups, possibly swap which character stands for one and which for zero if the text is unreadable, and submit the flag."""

# ------------------------------------------------ InterCode Bash ReAct, duplicate names (gpt-3.5), cut 12
S = "intercode_bash_dupnames.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-11 were compacted):

Task (InterCode Bash, nl2bash task 53, ReAct, 10 turns at most): "Print a list of all duplicate case insensitive filenames in the /testbed directory tree". Each turn is "Thought: ... / Action: execute[<bash command>]"; `submit` ends the task. Five of the ten turns are used.

What was done and found:
1. `find /testbed -type f -printf "%f\\n"` printed every file name, but run together on one line separated by a literal "n" (e.g. "FooBar.htmlntextfile6.txtnshellscript3.shnfile.txtnfile.txtntmp.txtn..."): the backslash of "\\n" was lost, so find printed a plain "n" instead of newlines. The listing does show file.txt twice (and names like Hello.java, hello.php, Hello1.java and several textfileN.txt; the printed output is cut off after "shellsc").
2. `find ... -printf "%f\\n" | sort | uniq -D` gave no output.
3. `... | sort | uniq -Di` (ignore case) gave no output either.
4. `... | uniq -Dif` failed: "uniq: option requires an argument -- 'f'" (-f takes the number of fields to skip).
5. `... | uniq -Dif1` gave no output.

Diagnosis: uniq finds nothing because all names arrive as one single line (no newlines), not because of the uniq options; skipping fields with -f is irrelevant and only hides differences. The fix is to produce one name per line, e.g. `find /testbed -type f -printf '%f\\n'` with the escape intact, or `find /testbed -type f -exec basename {} \\;`, then `sort -f | uniq -Di` (case-insensitive sort and compare), which should at least list file.txt.

Current state: no correct list yet; 5 turns left. Next step: stop adding -f field options (a combination like `-Dif1i` would be rejected) and rerun with newline-separated names and `sort -f | uniq -Di`, then submit."""

T[S, "faithful_short"] = """Run so far (compacted): task: "Print a list of all duplicate case insensitive filenames in the /testbed directory tree" (InterCode Bash, ReAct, execute[...] per turn, 10 turns). `find /testbed -type f -printf "%f\\n"` printed the names joined by a literal "n" on one line (FooBar.htmlntextfile6.txtn...; file.txt appears twice): the newline escape was lost. So `sort | uniq -D`, `uniq -Di` and `uniq -Dif1` all printed nothing, and `uniq -Dif` failed ("option requires an argument -- 'f'"). 5 turns used. Next: emit one name per line (`-exec basename {} \\;` or a working '%f\\n'), then `sort -f | uniq -Di`; don't add more -f options."""

T[S, "terse"] = """A shell task: list file names in a test directory tree that are duplicates when case is ignored. The file-name listing came out joined on one line instead of one name per line, so every duplicate filter tried since found nothing, and one option was misused. Next: fix the line separation, then sort and filter duplicates case-insensitively."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-11 were compacted):

Task (InterCode Bash, nl2bash task 53, ReAct, 10 turns at most): "Print a list of all duplicate case insensitive filenames in the /testbed directory tree". Each turn is "Thought: ... / Action: execute[<bash command>]"; `submit` ends the task. Five of the ten turns are used.

What was done and found:
1. `find /testbed -type f -printf "%f\\n"` printed every file name, one per line (FooBar.html, textfile6.txt, shellscript3.sh, file.txt, file.txt, tmp.txt, ...). The listing shows file.txt twice (and names like Hello.java, hello.php, Hello1.java and several textfileN.txt; the printed output is cut off after "shellsc").
2. `find ... -printf "%f\\n" | sort | uniq -D` gave no output.
3. `... | sort | uniq -Di` (ignore case) printed the duplicates: file.txt, file.txt.
4. `... | uniq -Dif` failed: "uniq: option requires an argument -- 'f'" (-f takes the number of fields to skip).
5. `... | uniq -Dif1` gave no output.

Diagnosis: the listing is fine; `uniq -Di` already gives the right answer, and the later -f variants only made it worse by skipping fields.

Current state: the correct command is known (`find /testbed -type f -printf "%f\\n" | sort | uniq -Di`); 5 turns left. Next step: rerun that command to confirm and submit."""
P[S] = [
    "The listing is said to be one name per line; it was run together with a literal \"n\" between names (message 3), which is why uniq found nothing.",
    "A failed step is called successful: `uniq -Di` printed nothing (message 7), it did not list file.txt twice; the summary says the correct command is known.",
]

T[S, "keyword_dump"] = """"Print a list of all duplicate case insensitive filenames in the /testbed directory tree" | execute[find /testbed -type f -printf "%f\\n"] | "FooBar.htmlntextfile6.txtnshellscript3.shnfile.txtnfile.txtntmp.txtntextfile3.txtnpythonscript3.pyncsvfile1.csvnHello1.javanAnotherHello.javan..." | execute[find /testbed -type f -printf "%f\\n" | sort | uniq -D] | execute[find /testbed -type f -printf "%f\\n" | sort | uniq -Di] | execute[find /testbed -type f -printf "%f\\n" | sort | uniq -Dif] | "uniq: option requires an argument -- 'f'" | "Try 'uniq --help' for more information." | execute[find /testbed -type f -printf "%f\\n" | sort | uniq -Dif1] | "ignore case when filtering out duplicates" | "ignore the first N fields" | "I should use the `-f` option with a numerical argument. I will try with `-f1`" | "Thought: I can use the `find` command to search for all files in the `testbed/` directory tree." | "This prints out all the filenames, but it does not show any duplicates. I should use the `sort`" | "This did not produce any results." | "This still did not produce any results." | "This error message indicates" | "nfile.txtnfile.txtn" | "Hello1.javanAnotherHello.javan" | "ninfo.phpnhello.phpnhello.cnNewClass.javanHello.javan" | "(no output)" """

T[S, "stale"] = """Summary of the run so far (compacted):

Task (InterCode Bash, nl2bash task 53, ReAct, 10 turns at most): "Print a list of all duplicate case insensitive filenames in the /testbed directory tree". Each turn is "Thought: ... / Action: execute[<bash command>]"; `submit` ends the task.

What was done and found:
1. `find /testbed -type f -printf "%f\\n"` printed the file names run together on one line, separated by a literal "n" ("FooBar.htmlntextfile6.txtnshellscript3.shnfile.txtnfile.txtntmp.txtn..."); file.txt appears twice.
2. `find /testbed -type f -printf "%f\\n" | sort | uniq -D` gave no output: no exact duplicates were reported.

Current state: two turns used. Next step: make the comparison case-insensitive, i.e. `find /testbed -type f -printf "%f\\n" | sort | uniq -Di`, and submit if it lists the duplicates."""

T[S, "vague_long"] = """Summary of the run so far:

The task is a small shell exercise: produce a list of the file names in a test directory tree that occur more than once when upper and lower case are treated as the same. The agent works in a reasoning-and-acting loop, writing a short thought before each command, and has a limited number of turns before it must submit.

The agent started sensibly by asking the file-search tool to print only the names of the files, without their directories. The output did contain the names, and a repeated name can be spotted in it, but the formatting was not what was intended: instead of appearing one per line, the names came out run together, separated by a stray character, because the way the line break was requested did not survive on its way to the shell.

Not noticing this, the agent then added the usual steps for finding repeated lines, first sorting the names and then keeping only the repeated ones, and later asking for the comparison to ignore case. Each of these attempts returned nothing at all, which the agent took as a sign that the options were not yet right. It then experimented with an option that skips parts of each line before comparing, first forgetting that this option needs a number, which produced a usage error, and then giving it a number, which again returned nothing.

In reality the empty results come from the input having no line breaks, so there is only ever a single line to compare, and more options cannot fix that. About half of the available turns have been used.

The next step is to change the first part of the pipeline so that each name really ends up on its own line, then sort and filter repeated names while ignoring case, check the result, and submit before the turns run out."""
