# Hand-written replacements for L28. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = the verbatim strings of the keyword_dump (build_L28.py checks that each one occurs in
# messages 1..cut-1 of the session, text or tool-call name + arguments, and joins them with newlines).
T, P, K = {}, {}, {}

VAGUE = """Summary of the session so far (earlier messages were compacted):

The agent has been working through a multi-step task that was given to it at the start of the conversation. The work has been organised as a sequence of small actions, each followed by an observation of the result, and the agent has repeatedly paused to review the history of what it has done and to restate its plan. This pattern of acting, observing and re-planning has been the main rhythm of the session so far, and it has produced steady, if uneven, progress.

Several pieces of information have been gathered along the way, and the agent has been trying to keep track of them so that they can be combined at the end. Some steps were repeated, and at times the plan changed direction as the agent reconsidered which action should come next. This is a normal part of working through instructions that unfold gradually, where each piece of information points to the next thing to look at. The agent has generally tried to avoid unnecessary work, although it has not always succeeded.

The overall goal has not yet been fully achieved. Some parts of the task appear to be complete, while others still need attention before the final result can be produced. The agent should continue in the same careful way: review what is already known, make sure nothing important has been missed, carry out the remaining steps in a sensible order, and verify the outcome before declaring the task finished.

Going forward, it would be wise to keep the plan simple, to rely on results that have already been confirmed rather than repeating them, and to make sure that the final output matches what the task asks for. Once everything is in place, the agent can conclude the task and report that it has been completed."""

SYS = "The agent is beebot, with functions such as read_file, write_file and exit; each step is a planning message followed by one function call."

# ------------------------------------------------ beebot run 2023-08-17, cut 19 of 31
S = "beebot_remember_ids_0817.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked wikipedia, execute_python_file, write_python_code and gmail_create_draft, but only read_file has been used. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
3. read_file instructions_4.txt (the planner skipped instructions_3.txt) -> "The id to remember is 9471. Read the file instructions_5.txt."
4. read_file instructions_2.txt again (redundant, same result: 3791)
5. read_file instructions_3.txt -> "The id to remember is 9317. Read the file instructions_4.txt."

State at the cut: all four ids are known, from files 1-4: 3145 (instructions_1), 3791 (instructions_2), 9317 (instructions_3), 9471 (instructions_4). In chain order they are 3145, 3791, 9317, 9471. instructions_5.txt has NOT been read yet, and result.txt has NOT been written; no file has been written at all. The reads happened out of order because the planner jumped ahead to instructions_4.txt and then went back.

Next steps: read instructions_5.txt (the last file in the chain; expected to say what to do with the ids), then write_file result.txt with the four ids (3145, 3791, 9317, 9471, one per line), then call exit with success true. Do not re-read files 1-4: their contents are confirmed above."""

T[S, "faithful_short"] = """Summary so far: task = "Follow the instructions in the instructions_1.txt file" (beebot, read_file/write_file/exit). Each instructions_N.txt gives an id and names the next file. Read so far: instructions_1 -> id 3145, instructions_2 -> 3791 (read twice), instructions_4 -> 9471 (read out of order), instructions_3 -> 9317. So all four ids are known: 3145, 3791, 9317, 9471. instructions_5.txt has not been read and result.txt has not been written. Next: read instructions_5.txt, then write the four ids to result.txt, then exit."""

T[S, "terse"] = """Summary so far: the agent is following a chain of instruction files, each of which gives a value to remember and points to the next file. It has read most of the files, some of them more than once and not strictly in order, and has collected the values they contain. The last file in the chain has not been read yet and nothing has been written. Next it should read the remaining file and then save the collected values as instructed."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3719. Read the file instructions_3.txt."
3. read_file instructions_4.txt (the planner skipped instructions_3.txt) -> "The id to remember is 9471. Read the file instructions_5.txt."
4. read_file instructions_2.txt again (redundant, same result)
5. read_file instructions_3.txt -> "The id to remember is 9317. Read the file instructions_4.txt."
6. read_file instructions_5.txt -> "Write the ids previously mentioned to a file called result.txt."

State at the cut: all four ids are known: 3145 (instructions_1), 3719 (instructions_2), 9317 (instructions_3), 9471 (instructions_4). All five instruction files have now been read. result.txt has NOT been written yet.

Next steps: write_file result.txt with the four ids (3145, 3719, 9317, 9471, one per line), then call exit with success true. Do not re-read any instruction file: their contents are confirmed above."""
P[S] = [
    "the id from instructions_2.txt is given as 3719; it is 3791 (messages 9, 15)",
    "instructions_5.txt is said to have been read already (a sixth call); it has not been read before the cut (the cut message plans to read it; it is read at messages 20-21)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked wikipedia, execute_python_file, write_python_code and gmail_create_draft. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, and write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."

State: two ids are known, 3145 and 3791. instructions_3.txt, instructions_4.txt and instructions_5.txt have not been read; nothing has been written.

Next step: read instructions_3.txt to get the next id and the name of the next file, and continue along the chain; at the end write all ids to result.txt and exit."""

T[S, "vague_long"] = VAGUE
K[S] = ["Follow the instructions in the instructions_1.txt file", "read_file", "instructions_1.txt",
        "The id to remember is 3145. Read the file instructions_2.txt.",
        "The id to remember is 3791. Read the file instructions_3.txt.",
        "instructions_4.txt", "The id to remember is 9471. Read the file instructions_5.txt.",
        "The id to remember is 9317. Read the file instructions_4.txt.", "result.txt",
        "wikipedia, execute_python_file, write_python_code, gmail_create_draft",
        "Goal Summary:", "Exit Conditions:", "instructions_5.txt", "Read the file instructions_2.txt",
        "The id to remember is 3791", "write the mentioned IDs to a file called \"result.txt\""]

# ------------------------------------------------ beebot run 2023-08-19, cut 18 of 30
S = "beebot_remember_ids_0819.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. write_file result.txt with text_content "3145" -> "Successfully wrote 4 bytes to result.txt". The planner (message 7) decided to write the first id immediately, before reading the rest of the chain.
3. read_file result.txt -> "3145" (this call is in beebot's history, although the planner at message 10 had asked for instructions_2.txt).
4. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
5. read_file instructions_3.txt -> "The id to remember is 9317. Read the file instructions_4.txt."

State at the cut: ids known so far: 3145, 3791, 9317. result.txt exists but holds only "3145" (a partial, early write); it will have to be overwritten with the full list. instructions_4.txt and instructions_5.txt have NOT been read, so the fourth id is not known yet.

Next steps: read instructions_4.txt (it should give the fourth id and point to instructions_5.txt), read instructions_5.txt for the final instruction, then write_file result.txt with all ids in chain order (3145, 3791, 9317 and the fourth id, one per line), replacing the partial content, and call exit with success true."""

T[S, "faithful_short"] = """Summary so far: task = "Follow the instructions in the instructions_1.txt file" (beebot, read_file/write_file/exit). Each instructions_N.txt gives an id and names the next file. instructions_1 -> 3145; the agent then wrote "3145" alone to result.txt (4 bytes) and read it back; instructions_2 -> 3791; instructions_3 -> 9317. instructions_4.txt and instructions_5.txt are not read yet, so the fourth id is unknown; result.txt holds only 3145 and must be rewritten. Next: read instructions_4.txt, then instructions_5.txt, then write all ids to result.txt and exit."""

T[S, "terse"] = """Summary so far: the agent is following a chain of instruction files, each giving a value to remember and naming the next file. It has read the first three files and collected their values. Early on it saved the first value to the output file on its own, so that file is incomplete. The remaining files in the chain still need to be read, after which the full set of values should be written out and the task ended."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. write_file result.txt with text_content "3145" -> "Error: File not found"; nothing was written.
3. read_file result.txt -> "3145".
4. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
5. read_file instructions_3.txt -> "The id to remember is 9317. Read the file instructions_5.txt."

State at the cut: ids known so far: 3145, 3791, 9317. result.txt has not been written successfully. According to instructions_3.txt the chain continues with instructions_5.txt, so instructions_4.txt is not part of the chain.

Next steps: read instructions_5.txt for the final instruction, then write_file result.txt with the three ids (3145, 3791, 9317, one per line) and call exit with success true."""
P[S] = [
    "the write_file of \"3145\" to result.txt is said to have failed with File not found; it succeeded (\"Successfully wrote 4 bytes to result.txt\", message 9), so result.txt holds a partial list",
    "instructions_3.txt is said to point to instructions_5.txt and instructions_4.txt to be outside the chain; it says \"Read the file instructions_4.txt\" (message 17), and instructions_4.txt holds the fourth id",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. write_file result.txt with text_content "3145" -> "Successfully wrote 4 bytes to result.txt". The planner (message 7) decided to save the first id right away.

State: one id is known (3145) and is stored in result.txt. instructions_2.txt to instructions_5.txt have not been read.

Next step: read instructions_2.txt, as instructions_1.txt says, and continue along the chain, collecting ids; at the end write all ids to result.txt and exit."""

T[S, "vague_long"] = VAGUE
K[S] = ["Follow the instructions in the instructions_1.txt file", "read_file", "write_file", "instructions_1.txt",
        "The id to remember is 3145. Read the file instructions_2.txt.", "result.txt",
        "Successfully wrote 4 bytes to result.txt", "\"text_content\": \"3145\"",
        "The id to remember is 3791. Read the file instructions_3.txt.",
        "The id to remember is 9317. Read the file instructions_4.txt.", "instructions_2.txt",
        "instructions_3.txt", "Goal Summary:", "Exit Conditions:", "Analysis of the past history:",
        "write the obtained ID, 3145, to a file called \"result.txt\""]

# ------------------------------------------------ beebot run 2023-08-24, cut 19 of 29
S = "beebot_remember_ids_0824.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked get_website_content and execute_python_file; only read_file has been used. The first plan (message 4) already listed the ids 3145, 3791, 9317, 9471 (the planner's prompt shows it file contents) and said: read instructions_1.txt to instructions_5.txt, then write the ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
3. read_file instructions_2.txt again (the planner at message 10 misread its history) -> same, 3791.
4. read_file instructions_1.txt again (message 13 restarted the chain) -> same, 3145.
5. read_file instructions_3.txt -> "The id to remember is 9317. Read the file instructions_4.txt."

State at the cut: ids confirmed by reads: 3145, 3791, 9317. instructions_4.txt has NOT been read (9471 appears only in the planner's plans, messages 4 and 16), instructions_5.txt has NOT been read, and result.txt has NOT been written (nothing has been written). The plan at message 16 was: read instructions_3, 4 and 5, then write_file result.txt with "3145, 3791, 9317, 9471".

Next steps: read instructions_4.txt (next in the chain) and instructions_5.txt, then write_file result.txt with the four ids in chain order (3145, 3791, 9317, 9471), then exit with success true. Avoid re-reading files 1-3 again."""

T[S, "faithful_short"] = """Summary so far: task = "Follow the instructions in the instructions_1.txt file" (beebot, read_file/write_file/exit). Each instructions_N.txt gives an id and names the next file. Reads: instructions_1 -> 3145, instructions_2 -> 3791 (read twice), instructions_1 again, instructions_3 -> 9317. instructions_4.txt (expected id 9471, so far only in the planner's plans) and instructions_5.txt are unread; result.txt is not written. Next: read instructions_4.txt and instructions_5.txt, write 3145, 3791, 9317, 9471 to result.txt, exit."""

T[S, "terse"] = """Summary so far: the agent is following a chain of instruction files, each giving a value to remember and naming the next file. It has read the first three files, re-reading two of them because its planner lost track, and has collected their values. The last two files have not been read and no output has been written. Next it should read the remaining files, write all the values to the output file and finish."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked get_website_content and execute_python_file. The first plan (message 4) listed the ids and said: read instructions_1.txt to instructions_5.txt, then write the ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
3. read_file instructions_2.txt again -> same, 3791.
4. read_file instructions_4.txt -> "The id to remember is 9471. Read the file instructions_5.txt."
5. read_file instructions_3.txt -> "The id to remember is 9137. Read the file instructions_4.txt."

State at the cut: ids confirmed by reads: 3145, 3791, 9137, 9471. Only instructions_5.txt is still unread, and result.txt has not been written.

Next steps: read instructions_5.txt, then write_file result.txt with the four ids in chain order (3145, 3791, 9137, 9471), then exit with success true. Avoid re-reading files 1-4."""
P[S] = [
    "the fourth call is given as read_file instructions_4.txt (9471); it was a second read of instructions_1.txt, and instructions_4.txt has not been read before the cut (messages 14-15)",
    "the id from instructions_3.txt is given as 9137; it is 9317 (message 18)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked get_website_content and execute_python_file. The first plan (message 4) listed the ids 3145, 3791, 9317, 9471 and said: read instructions_1.txt to instructions_5.txt, then write the ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."

State: ids confirmed by reads: 3145 and 3791. instructions_3.txt, instructions_4.txt and instructions_5.txt have not been read; nothing has been written.

Next step: read instructions_3.txt, as instructions_2.txt says, and continue along the chain; then write all ids to result.txt and exit."""

T[S, "vague_long"] = VAGUE
K[S] = ["Follow the instructions in the instructions_1.txt file", "read_file", "instructions_1.txt",
        "The id to remember is 3145. Read the file instructions_2.txt.",
        "The id to remember is 3791. Read the file instructions_3.txt.",
        "The id to remember is 9317. Read the file instructions_4.txt.", "instructions_2.txt",
        "get_website_content, execute_python_file", "result.txt", "3145, 3791, 9317, 9471",
        "Goal Summary:", "Exit Conditions:", "instructions_5.txt", "instructions_4.txt",
        "Extract the ID mentioned in the file (9471)", "following a chain of instructions"]

# ------------------------------------------------ beebot run 2023-08-13 08:12, cut 16 of 23
S = "beebot_remember_ids_0813.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked get_website_content and execute_python_file; only read_file has been used. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt. Later plans (messages 7 and 13) already named the write: write_file result.txt with the ids 3145, 3791, 9317, 9471.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
3. read_file instructions_3.txt -> "The id to remember is 9317. Read the file instructions_4.txt."
4. read_file instructions_5.txt (the planner at message 13 skipped instructions_4.txt) -> "Write the ids previously mentioned to a file called result.txt."

State at the cut: ids confirmed by reads: 3145, 3791, 9317. instructions_4.txt has NOT been read, so the fourth id (9471 in the planner's plans) has not been confirmed by a read. The final instruction is known: write the ids to result.txt. result.txt has NOT been written; nothing has been written.

Next steps: read instructions_4.txt to get the fourth id (the chain goes 1 -> 2 -> 3 -> 4 -> 5), then write_file result.txt with all four ids in chain order (3145, 3791, 9317, then the id from instructions_4.txt), one per line, then call exit with success true. No need to re-read files 1, 2, 3 or 5."""

T[S, "faithful_short"] = """Summary so far: task = "Follow the instructions in the instructions_1.txt file" (beebot, read_file/write_file/exit). Each instructions_N.txt gives an id and names the next file. Read: instructions_1 -> 3145, instructions_2 -> 3791, instructions_3 -> 9317, then instructions_5 (skipping 4) -> "Write the ids previously mentioned to a file called result.txt." instructions_4.txt is still unread (fourth id not confirmed); result.txt is not written. Next: read instructions_4.txt, write the four ids to result.txt, exit."""

T[S, "terse"] = """Summary so far: the agent is following a chain of instruction files, each giving a value to remember and naming the next file. It has read most of the files and collected their values, and it has found the final instruction, which says to save the values to an output file. One file in the middle of the chain was skipped and still needs to be read. Nothing has been written yet."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked get_website_content and execute_python_file. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
3. read_file instructions_3.txt -> "The id to remember is 9317. Read the file instructions_4.txt."
4. read_file instructions_4.txt -> "The id to remember is 9471. Read the file instructions_5.txt."
5. read_file instructions_5.txt -> "Write the ids previously mentioned to a file called output.txt."

State at the cut: all four ids are confirmed by reads: 3145, 3791, 9317, 9471, and the final instruction is known. Nothing has been written yet.

Next steps: write_file output.txt with the four ids in chain order (3145, 3791, 9317, 9471), one per line, then call exit with success true. No need to re-read any instruction file."""
P[S] = [
    "instructions_4.txt is said to have been read (9471); it has not been read before the cut (the planner skipped it at message 13; it is read at messages 17-18)",
    "the final instruction is said to name output.txt; it says result.txt (message 15)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked get_website_content and execute_python_file. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."

State: ids confirmed by reads: 3145 and 3791. instructions_3.txt to instructions_5.txt have not been read; nothing has been written.

Next step: read instructions_3.txt, as instructions_2.txt says, and continue along the chain; at the end write all ids to result.txt and exit."""

T[S, "vague_long"] = VAGUE
K[S] = ["Follow the instructions in the instructions_1.txt file", "read_file", "instructions_1.txt",
        "The id to remember is 3145. Read the file instructions_2.txt.",
        "The id to remember is 3791. Read the file instructions_3.txt.",
        "The id to remember is 9317. Read the file instructions_4.txt.",
        "Write the ids previously mentioned to a file called result.txt.", "instructions_5.txt",
        "instructions_4.txt", "get_website_content, execute_python_file", "result.txt",
        "Goal Summary:", "Exit Conditions:", "write_file", "3145, 3791, 9317, 9471", "instructions_3.txt"]

# ------------------------------------------------ beebot run 2023-08-20, cut 13 of 20
S = "beebot_remember_ids_0820.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked wikipedia, execute_python_file, write_python_code and gmail_create_draft; only read_file has been used. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_3.txt."
3. read_file instructions_5.txt -> "Write the ids previously mentioned to a file called result.txt." The planner (message 10) wrongly treated instructions_3.txt and instructions_4.txt as already followed and jumped to instructions_5.txt.

State at the cut: only two ids are confirmed by reads: 3145 (instructions_1) and 3791 (instructions_2). instructions_3.txt and instructions_4.txt have NOT been read, so the third and fourth ids are unknown from the files. The final instruction is known: write the ids to result.txt. result.txt has NOT been written; nothing has been written.

Next steps: read instructions_3.txt (third id, points to instructions_4.txt), then read instructions_4.txt (fourth id), then write_file result.txt with all four ids in chain order, one per line, and only then call exit with success true. Do not exit before result.txt is written: that is the task's completion condition."""

T[S, "faithful_short"] = """Summary so far: task = "Follow the instructions in the instructions_1.txt file" (beebot, read_file/write_file/exit). Each instructions_N.txt gives an id and names the next file. Read: instructions_1 -> 3145, instructions_2 -> 3791, then (skipping 3 and 4) instructions_5 -> "Write the ids previously mentioned to a file called result.txt." instructions_3.txt and instructions_4.txt are unread, so two ids are missing; result.txt is not written. Next: read instructions_3.txt and instructions_4.txt, write all four ids to result.txt, then exit."""

T[S, "terse"] = """Summary so far: the agent is following a chain of instruction files, each giving a value to remember and naming the next file. It has read the first two files and then jumped ahead to the last one, which says to save the collected values to an output file. Two files in the middle of the chain have been skipped and must still be read before the values can be written. Nothing has been written yet."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked wikipedia, execute_python_file, write_python_code and gmail_create_draft. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."
2. read_file instructions_2.txt -> "The id to remember is 3791. Read the file instructions_5.txt."
3. read_file instructions_5.txt -> "Write the ids previously mentioned to a file called result.txt."
4. write_file result.txt with "3145\\n3791" -> "Successfully wrote 9 bytes to result.txt".

State at the cut: the chain is 1 -> 2 -> 5, so the ids are 3145 and 3791, and they have been written to result.txt. The task's instructions have all been followed.

Next step: call exit with success true; no further reads are needed."""
P[S] = [
    "instructions_2.txt is said to point to instructions_5.txt; it says \"Read the file instructions_3.txt\" (message 9), so files 3 and 4 are part of the chain",
    "a write_file of result.txt is said to have succeeded; nothing has been written before the cut (the calls are read_file only, messages 5-12)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Follow the instructions in the instructions_1.txt file". """ + SYS + """ The goal summary (message 2) says the task is complete when all instructions in the chain of files are followed in order. The function-selection step (message 3) picked wikipedia, execute_python_file, write_python_code and gmail_create_draft. The first plan (message 4): read instructions_1.txt to instructions_5.txt, extract each id, write all ids to result.txt.

Function calls and results so far:
1. read_file instructions_1.txt -> "The id to remember is 3145. Read the file instructions_2.txt."

State: one id is known, 3145. instructions_2.txt to instructions_5.txt have not been read; nothing has been written.

Next step: read instructions_2.txt, as instructions_1.txt says, and continue along the chain; at the end write all ids to result.txt and exit."""

T[S, "vague_long"] = VAGUE
K[S] = ["Follow the instructions in the instructions_1.txt file", "read_file", "instructions_1.txt",
        "The id to remember is 3145. Read the file instructions_2.txt.",
        "The id to remember is 3791. Read the file instructions_3.txt.",
        "Write the ids previously mentioned to a file called result.txt.", "instructions_5.txt",
        "wikipedia, execute_python_file, write_python_code, gmail_create_draft", "result.txt",
        "Goal Summary:", "Exit Conditions:", "instructions_2.txt", "instructions_3.txt", "instructions_4.txt",
        "Read the contents of the instructions_1.txt file", "The id to remember is 3145"]

# extra verbatim strings for the keyword dumps: first and last lines of the planner messages in 4..cut-1
K["beebot_remember_ids_0817.json"] += [
 "The task requires following a series of instructions provided in the instructions_1.txt file. The instructions will guide the AI Assistant to read other files and extract specific IDs from them. Finally, the AI Assistant needs to write the extracted IDs to a file called result.txt.",
 "The first action to be taken is to read the contents of the instructions_1.txt file.",
 "Based on the history, the AI Assistant has already executed the `read_file` function to read the contents of the `instructions_1.txt` file. The content of the file is \"The id to remember is 3145. Read the file instructions_2.txt.\\n\".",
 "The immediate next action to be taken is to execute the `read_file` function with the argument `{\"filename\": \"instructions_2.txt\"}`.",
 "Based on the history of function executions, we have read the file \"instructions_1.txt\" and obtained the instruction to read the file \"instructions_2.txt\". We have also read the file \"instructions_2.txt\" and obtained the instruction to read the file \"instructions_3.txt\".",
 "Next, we will execute the function `read_file` with the argument `{\"filename\": \"instructions_4.txt\"}` to read the file \"instructions_4.txt\".",
 "The immediate next action to be taken is to execute the function `read_file` with the argument {\"filename\": \"instructions_2.txt\"}.",
 "Execute the function `read_file` with the arguments {\"filename\": \"instructions_3.txt\"}."
]

K["beebot_remember_ids_0819.json"] += [
 "The task requires following a series of instructions provided in the instructions_1.txt file. The instructions will guide the AI Assistant to read other files and extract specific IDs from them. Finally, the AI Assistant needs to write the extracted IDs to a file called result.txt.",
 "The first action to be taken is to read the contents of the instructions_1.txt file.",
 "The AI Assistant should write the obtained ID, 3145, to a file called \"result.txt\" using the `write_file` function.",
 "To proceed with the task, the AI Assistant should execute the `read_file` function with the arguments `{\"filename\": \"instructions_2.txt\"}`.",
 "Next step: execute the function `read_file` with the argument `{\"filename\": \"instructions_3.txt\"}`."
]

K["beebot_remember_ids_0824.json"] += [
 "The task requires following a series of instructions provided in the instructions_1.txt file. The instructions will guide the AI Assistant to read multiple files and write the IDs mentioned in those files to a result.txt file.",
 "The first action to be taken is to read the contents of the instructions_1.txt file.",
 "Based on the history, the AI Assistant has already executed the `read_file` function to read the contents of the `instructions_1.txt` file. The content of the file is \"The id to remember is 3145. Read the file instructions_2.txt.\\n\".",
 "The immediate next action to be taken is to execute the function `read_file` with the argument `{\"filename\": \"instructions_2.txt\"}`.",
 "Based on the history, the AI Assistant has already executed the `read_file` function twice, reading the contents of the files `instructions_1.txt` and `instructions_2.txt`. The contents of `instructions_1.txt` indicate that the AI Assistant needs to read the file `instructions_2.txt` and remember the ID mentioned in it.",
 "To proceed with the task, the AI Assistant should execute the `read_file` function with the argument `{\"filename\": \"instructions_2.txt\"}` to read the contents of `instructions_2.txt` and retrieve the ID mentioned in it.",
 "Based on the history, the AI Assistant has already executed the `read_file` function three times with different filenames. The contents of the files have been provided in the prompt. The instructions in each file mention an ID to remember and to read the next file.",
 "The immediate next action to be taken is to execute the `read_file` function with the argument {\"filename\": \"instructions_1.txt\"}.",
 "Based on the history of function executions, it is clear that the AI Assistant has been following a chain of instructions by reading files and extracting specific IDs. The IDs are then used in subsequent instructions to read more files. The final instruction is to write the IDs to a file called \"result.txt\".",
 "The immediate next action to be taken is to execute the function `read_file` with the arguments {\"filename\": \"instructions_3.txt\"} to continue following the chain of instructions."
]

K["beebot_remember_ids_0813.json"] += [
 "The task requires following a series of instructions provided in the instructions_1.txt file. The instructions will guide the AI Assistant to read other files and extract specific IDs from them. Finally, the AI Assistant needs to write the extracted IDs to a file called result.txt.",
 "The first action to be taken is to read the contents of the instructions_1.txt file.",
 "Based on the history, the AI Assistant has already executed the `read_file` function to read the contents of the `instructions_1.txt` file. The content of the file is \"The id to remember is 3145. Read the file instructions_2.txt.\\n\".",
 "The immediate next action to be taken is to execute the `read_file` function with the argument `{\"filename\": \"instructions_2.txt\"}`.",
 "To continue with the task, we need to execute the `read_file` function with the argument `{\"filename\": \"instructions_3.txt\"}`.",
 "Based on the history, we have executed the `read_file` function three times to read the contents of the files `instructions_1.txt`, `instructions_2.txt`, and `instructions_3.txt`. The contents of these files have been provided in the prompt.",
 "The immediate next action to be taken is to execute the `read_file` function with the argument `{\"filename\": \"instructions_5.txt\"}`."
]

K["beebot_remember_ids_0820.json"] += [
 "The task requires following a series of instructions provided in the instructions_1.txt file. The instructions will guide the AI Assistant to read other files and extract specific IDs from them. Finally, the AI Assistant needs to write the extracted IDs to a file called result.txt.",
 "The first action to be taken is to read the contents of the instructions_1.txt file.",
 "Based on the history, the AI Assistant has already executed the `read_file` function to read the contents of the `instructions_1.txt` file. The content of the file is \"The id to remember is 3145. Read the file instructions_2.txt.\\n\".",
 "The immediate next action to be taken is to execute the `read_file` function with the argument `{\"filename\": \"instructions_2.txt\"}`.",
 "Based on the history of function executions, we can see that the AI Assistant has read the file \"instructions_1.txt\" and obtained the instruction to read the file \"instructions_2.txt\". The AI Assistant then executed the function `read_file` with the arguments {\"filename\": \"instructions_2.txt\"} and obtained the instruction to read the file \"instructions_3.txt\".",
 "The immediate next action to be taken is to execute the function `read_file` with the arguments {\"filename\": \"instructions_5.txt\"}."
]
