# Hand-written replacements for L27. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = verbatim strings of the keyword_dump (checked by build_L27.py to occur in messages 1..cut-1).
T, P, K = {}, {}, {}
H = "Summary of the session so far (earlier messages were compacted):\n\n"

def vague(topic):
    return H + f"""The agent has been working on a question that requires {topic}. It has been using the tools it was given to look things up, reading what came back, and trying to connect the pieces of information into an answer. Some of the lookups were useful and gave relevant background, while others did not return what was hoped for, so the agent had to adjust how it phrased its requests and think about other ways to get at the information.

Over several attempts the agent has tried a number of approaches. Earlier attempts did not end the way it wanted, and after each one it took some time to reflect on what went wrong and what it might do differently next time. These reflections touched on being more careful, checking assumptions before committing to an answer, avoiding repeating the same action over and over, and making better use of the information that the tools return. The agent has been trying to apply these lessons, with mixed results so far.

At this point the agent has a reasonable understanding of the general subject and of the main entities involved in the question, but it has not yet settled the question in a way that it is confident about. Some of the remaining uncertainty comes from the limits of the tools, and some from the way the question is phrased, which leaves room for interpretation.

Going forward, the agent should continue working methodically: review what it already knows, think about which piece of information is still missing, choose the most promising next lookup, and avoid getting stuck in loops. When it has enough evidence it should commit to a clear, concise answer in the expected format. It should keep in mind the lessons from the earlier attempts and stay focused on what the question actually asks."""

# ------------------------------------------------------------------ Pizza Inn vs Papa Gino's, cut 29 of 47
S = "reflexion_hotpotqa_pizza_inn_papa_ginos.json"
T[S, "faithful"] = H + """Task (message 1): HotpotQA question "Which restaurant chain's headquarters is further north, Pizza Inn or Papa Gino's?" Tools: Search[entity], Lookup[keyword] on the current page, Finish[answer] (ends the trial and is graded). Each trial has a limit of 6 steps; after a failure the agent gets its own reflections and a new trial.

Facts found (same in every trial): Pizza Inn is "based in the Dallas suburb of The Colony, Texas"; Papa Gino's, Inc. is "based in Dedham, Massachusetts".

Trial 1 (messages 1-7): searched both, then reasoned that "The Colony, Texas is further north than Dedham, Massachusetts" and answered Finish[Pizza Inn] -> "Answer is INCORRECT".
Reflection 1: it had assumed the order without verifying coordinates; should look up coordinates of both headquarters.
Trial 2 (8-21): searched both again; Lookup[coordinates] on the Papa Gino's page -> "No Results"; Search[coordinates of The Colony, Texas], Search[The Colony, Texas coordinates], Search[The Colony, Texas latitude and longitude] all "Could not find" (similar titles only, e.g. 'The Colony, Texas'); halted at the step limit.
Reflection 2: stuck in a loop on 'The Colony, Texas coordinates'; should search 'The Colony, Texas latitude and longitude'. Reflection 3 (a plan): search both chains, then latitude/longitude of each, then Finish.
Trial 3 (22-28, current): steps 1-2 searched Pizza Inn and Papa Gino's again (same results); step 3 Lookup[coordinates] -> "No Results" again.

Current state: in trial 3, 3 of 6 steps used. The wiki pages do not give coordinates through these searches (both coordinate searches already failed in trial 2).

Next: do not repeat the failed coordinate searches. Pizza Inn was graded wrong, so the only other option is Papa Gino's; Dedham, Massachusetts lies well north of The Colony, Texas. Answer Finish[Papa Gino's]."""
T[S, "faithful_short"] = H + """Question: "Which restaurant chain's headquarters is further north, Pizza Inn or Papa Gino's?" (Search/Lookup/Finish, 6 steps per trial). Pizza Inn is based in The Colony, Texas; Papa Gino's in Dedham, Massachusetts. Trial 1 answered Finish[Pizza Inn] -> INCORRECT. Trial 2 tried Lookup[coordinates] and three Search calls for The Colony's coordinates / latitude and longitude: all failed, halted. Trial 3 (now, step 4 of 6): same searches, Lookup[coordinates] -> No Results again. Next: stop hunting coordinates and answer Finish[Papa Gino's] (Massachusetts is further north than Texas)."""
T[S, "terse"] = H + """The agent is answering a question comparing where two restaurant chains are headquartered. It found both locations, but its first answer was graded wrong. Later attempts tried to find map coordinates to compare them, and those lookups kept failing, so attempts ran out of steps. It is now midway through another attempt and should avoid repeating the failed lookups and give its answer."""
T[S, "planted_errors"] = T[S, "faithful"].replace(
    'Papa Gino\'s, Inc. is "based in Dedham, Massachusetts"', 'Papa Gino\'s, Inc. is "based in Dedham, Maine"').replace(
    'Lookup[coordinates] on the Papa Gino\'s page -> "No Results"', 'Lookup[coordinates] on the Papa Gino\'s page returned "42.2 N, 71.2 W"').replace(
    "Current state: in trial 3, 3 of 6 steps used.", "Current state: in trial 3, 5 of 6 steps used; one step left.")
P[S] = ["Papa Gino's is placed in Dedham, Maine (the page says Dedham, Massachusetts)",
        "claims Lookup[coordinates] in trial 2 returned '42.2 N, 71.2 W' (it returned 'No Results')",
        "says 5 of 6 steps used in trial 3, one left (3 were used)"]
T[S, "stale"] = H + """Task (message 1): "Which restaurant chain's headquarters is further north, Pizza Inn or Papa Gino's?" Tools: Search, Lookup, Finish; 6 steps per trial, with reflections after a failed trial.

Trial 1: Search[Pizza Inn] -> based in the Dallas suburb of The Colony, Texas; Search[Papa Gino's] -> based in Dedham, Massachusetts. The agent reasoned that The Colony, Texas is further north than Dedham and answered Finish[Pizza Inn] -> "Answer is INCORRECT".
Reflection: it assumed the order without verifying coordinates; it should look up the coordinates of both headquarters.
Trial 2 has started: Search[Pizza Inn] and Search[Papa Gino's] gave the same results, and Lookup[coordinates] on the Papa Gino's page returned "No Results".

Next: find the coordinates of The Colony, Texas and Dedham, Massachusetts (e.g. Search[coordinates of The Colony, Texas]) and compare the latitudes before answering."""
T[S, "vague_long"] = vague("comparing two businesses and where they are located")
K[S] = ["Which restaurant chain's headquarters is further north, Pizza Inn or Papa Gino's?", "The Colony, Texas",
        "Dedham, Massachusetts", "Answer is INCORRECT", "Observation 3: No Results",
        "Could not find [coordinates of The Colony, Texas]", "Could not find [The Colony, Texas coordinates]",
        "Could not find [The Colony, Texas latitude and longitude]", "[Trial 2 halted: step limit reached]",
        "I should have looked up the coordinates of both headquarters to accurately determine which is further north.",
        "I got stuck in a loop where I kept trying to search 'The Colony, Texas coordinates' but the page could not be found.",
        "Thought 3: Papa Gino's is based in Dedham, Massachusetts. To accurately determine which is further north, I need to look up the coordinates of both headquarters."]

# ------------------------------------------------------------------ Duke Energy / AMG, cut 34 of 54
S = "reflexion_hotpotqa_duke_energy_amg.json"
T[S, "faithful"] = H + """Task (message 1): HotpotQA question "Are both Duke Energy and Affiliated Managers Group based in Massachusetts?" Tools: Search[entity], Lookup[keyword] on the current page, Finish[answer] (graded, ends the trial); 6 steps per trial; after a failure the agent gets its reflections and a new trial.

Facts (same in every trial): Duke Energy Corporation is "headquartered in Charlotte, North Carolina". Affiliated Managers Group (NYSE: AMG) "has principal offices in West Palm Beach, Florida; Prides Crossing, Massachusetts; Stamford, Connecticut; and London, United Kingdom"; it was founded in 1993 in Boston.

Trial 1 (1-7): read both pages and still answered Finish[yes] -> "Answer is INCORRECT".
Trial 2 (8-16): Lookup[Massachusetts] found the Prides Crossing office; answered Finish[yes] again -> INCORRECT.
Trial 3 (17-30): wasted steps on Lookup[based], Lookup[headquartered], Lookup[located], Lookup[situated] (all "No Results"); halted at the step limit.
Trial 4 (31-33, current) started with three reflections: (1) it wrongly took AMG's Massachusetts mention as "based in Massachusetts"; (2) it questioned whether a principal office counts as "based"; (3) it looped on lookups and should instead compare the locations of both companies. Step 1: Search[Duke Energy] -> headquartered in Charlotte, North Carolina.

Key point: "yes" has been graded wrong twice. Duke Energy is in North Carolina, so the two are not both based in Massachusetts; the answer is "no".

Next: step 2 of 6 in trial 4. Avoid more dictionary-style Lookups; at most confirm AMG's locations, then Finish[no]."""
T[S, "faithful_short"] = H + """Question: "Are both Duke Energy and Affiliated Managers Group based in Massachusetts?" Duke Energy is headquartered in Charlotte, North Carolina; AMG has principal offices in West Palm Beach FL, Prides Crossing MA, Stamford CT and London. Finish[yes] was graded INCORRECT in trials 1 and 2; trial 3 wasted its steps on Lookup[based]/[headquartered]/[located]/[situated] (No Results) and halted. Trial 4 (now): Search[Duke Energy] done (step 1 of 6). Next: answer Finish[no] (Duke is in North Carolina), without more lookups."""
T[S, "terse"] = H + """The agent is answering a yes/no question about where two companies are based. It found where each one is located, but answered the same way twice and was marked wrong both times. Another attempt ran out of steps on unhelpful lookups. It has just restarted and looked up the first company again; it should reconsider its earlier answer and commit to the other one."""
T[S, "planted_errors"] = T[S, "faithful"].replace(
    'headquartered in Charlotte, North Carolina". Affiliated', 'headquartered in Boston, Massachusetts". Affiliated').replace(
    "Trial 2 (8-16): Lookup[Massachusetts] found the Prides Crossing office; answered Finish[yes] again -> INCORRECT.",
    "Trial 2 (8-16): Lookup[Massachusetts] returned No Results; the agent answered Finish[no] -> INCORRECT.").replace(
    'Step 1: Search[Duke Energy] -> headquartered in Charlotte, North Carolina.', 'Step 1: Search[Duke Energy] -> headquartered in Boston.')
P[S] = ["Duke Energy placed in Boston, Massachusetts (it is Charlotte, North Carolina)",
        "trial 2 said to have answered Finish[no] after a failed lookup (Lookup[Massachusetts] found the office; it answered yes)"]
T[S, "stale"] = H + """Task (message 1): "Are both Duke Energy and Affiliated Managers Group based in Massachusetts?" Tools: Search, Lookup, Finish; 6 steps per trial; reflections after a failed trial.

Trial 1: Search[Duke Energy] -> headquartered in Charlotte, North Carolina. Search[Affiliated Managers Group] -> principal offices in West Palm Beach, Florida; Prides Crossing, Massachusetts; Stamford, Connecticut; and London. The agent answered Finish[yes] -> "Answer is INCORRECT".
Reflection: it assumed AMG was based in Massachusetts because the description mentions it; it should find a list of AMG's locations and check whether Massachusetts is in it.
Trial 2: searched Duke Energy and AMG again (same results); Lookup[Massachusetts] on the AMG page found "(Result 1/2)" with the Prides Crossing, Massachusetts office.

Next: decide the answer from these locations and call Finish."""
T[S, "vague_long"] = vague("checking where two companies are based")
K[S] = ["Are both Duke Energy and Affiliated Managers Group based in Massachusetts?", "headquartered in Charlotte, North Carolina",
        "Prides Crossing, Massachusetts", "West Palm Beach, Florida", "Answer is INCORRECT", "Observation 3: No Results",
        "I need to look up the definition of 'headquartered' instead.", "I need to look up the definition of 'situated' instead.",
        "[Trial 3 halted: step limit reached]",
        "I should have looked up the definition of 'based' to make sure that having a principal office in Massachusetts was enough",
        "Instead I should have looked up the locations of both Duke Energy and Affiliated Managers Group and compared them"]

# ------------------------------------------------------------------ Eric Ambler / Carol Shields, cut 33 of 55
S = "reflexion_hotpotqa_eric_ambler_carol_shields.json"
T[S, "faithful"] = H + """Task (message 1): HotpotQA question "Eric Ambler and Carol Shields are both best Known for what profession?" Tools: Search[entity], Lookup[keyword] on the current page, Finish[answer] (graded, ends the trial); 6 steps per trial; reflections after each failure.

Facts (identical in every trial): Eric Clifford Ambler OBE (1909-1998) "was an English author of thrillers, in particular spy novels". Carol Ann Shields (1935-2003) "was an American-born Canadian novelist and short story writer".

Answers so far, all "Answer is INCORRECT":
- Trial 1 (1-7): Finish[authors].
- Trial 2 (8-14): Finish[no] ("they have different professions").
- Trial 3 (15-21): Finish[no] again.
Reflections (message 22): (1) it had assumed the same profession; (2) it had assumed different professions; (3) since both were authors, it should compare the genres they wrote in.
Trial 4 (22-32, current): Search[Eric Ambler], Search[Carol Shields], Lookup[genres] -> "No Results", then searched Eric Ambler and Carol Shields again (same pages, steps 4-5).

Current state: at step 6 of 6 of trial 4, about to answer. The reflections have steered it to "genres", which is a misreading: the question asks for a profession, and "no" is not a profession (it has already been graded wrong twice). Both pages say they are writers (author / novelist).

Next: answer with the shared profession, e.g. Finish[author] (or novelist/writer); not Finish[no], not genres. "authors" was marked wrong in trial 1, so use the singular "author"."""
T[S, "faithful_short"] = H + """Question: "Eric Ambler and Carol Shields are both best Known for what profession?" Ambler: English author of thrillers/spy novels; Shields: American-born Canadian novelist and short story writer. Graded INCORRECT so far: Finish[authors] (trial 1), Finish[no] (trials 2, 3). Reflections pushed it to compare genres; in trial 4 Lookup[genres] gave No Results and it re-searched both names; it is now at step 6 of 6. Next: answer the profession, Finish[author], not "no"."""
T[S, "terse"] = H + """The agent is answering a question about what two people are both known for. It looked both of them up several times and has tried a few answers, all graded wrong, some of which did not even name a profession. Its reflections led it to compare finer details of their work. It is at the last step of the current attempt and should give a plain profession as the answer."""
T[S, "planted_errors"] = T[S, "faithful"].replace(
    '"was an American-born Canadian novelist and short story writer"', '"was an American-born Canadian poet and playwright"').replace(
    "- Trial 1 (1-7): Finish[authors].", "- Trial 1 (1-7): Finish[novelist].").replace(
    'so use the singular "author"', 'so use "novelist"')
P[S] = ["Carol Shields described as a poet and playwright (she was a novelist and short story writer)",
        "trial 1 answer given as Finish[novelist] (it was Finish[authors])"]
T[S, "stale"] = H + """Task (message 1): "Eric Ambler and Carol Shields are both best Known for what profession?" Tools: Search, Lookup, Finish; 6 steps per trial; reflections after a failure.

Facts: Eric Ambler (1909-1998) was an English author of thrillers, in particular spy novels. Carol Shields (1935-2003) was an American-born Canadian novelist and short story writer.

Trial 1: after searching both, answered Finish[authors] -> "Answer is INCORRECT".
Reflection 1: it assumed they were best known for the same profession; it should compare their professions before answering.
Trial 2: searched both again and answered Finish[no] ("different professions") -> INCORRECT.
Reflection 2: it assumed different professions without looking up Carol Shields' profession.
Trial 3 has started: Search[Eric Ambler] (author of thrillers) and Search[Carol Shields] (novelist and short story writer) again.

Next: compare the two professions and answer."""
T[S, "vague_long"] = vague("working out what two people have in common")
K[S] = ["Eric Ambler and Carol Shields are both best Known for what profession?", "English author of thrillers, in particular spy novels",
        "American-born Canadian novelist and short story writer", "So Eric Ambler and Carol Shields are both best known for being authors.",
        "Answer is INCORRECT", "So Eric Ambler and Carol Shields have different professions.",
        "I should have looked at the specific genres they wrote in and compared them to see if they were the same.",
        "So I need to compare the genres they wrote in to see if they are the same.", "Observation 3: No Results",
        "I need to search Eric Ambler and Carol Shields separately and find the genres they wrote in."]

# ------------------------------------------------------------------ Flower Alley, cut 45 of 70
S = "reflexion_hotpotqa_flower_alley.json"
T[S, "faithful"] = H + """Task (message 1): HotpotQA question "Flower Alley was bred by the trainer who was killed at what Fayette County, Kentucky airport?" Tools: Search[entity], Lookup[keyword] on the current page, Finish[answer] (graded); 6 steps per trial; reflections after a failure.

Found so far:
- Flower Alley (foaled May 7, 2002): American Thoroughbred, Travers Stakes winner, sire of I'll Have Another. The intro paragraph names no trainer or breeder; Lookup[bred by], Lookup[trainer] and Lookup[killed at] on it earlier gave "No Results" (trials 1-3).
- Blue Grass Airport (IATA: LEX) is the public airport in Fayette County, Kentucky, 6 miles west of Lexington, across from Keeneland Race Course. Lookup[killed] on it found only a 2006 crash of a Delta Connection flight.
- Keeneland Association (Lexington) page: no trainer.

Trial 1 (1-13): answered Finish[Adan "Ace" Espinoza] (a name not in any observation) -> "Answer is INCORRECT".
Trials 2 (14-27) and 3 (28-41): circled Flower Alley / Keeneland / Blue Grass Airport with Lookups; both halted at the 6-step limit.
Trial 4 (42-44, current) began with three reflections (do not assume, use terms from observations such as Keeneland, try similar titles); step 1 Search[Flower Alley] -> the same intro.

State: step 2 of 6 in trial 4. The airport in Fayette County is very likely Blue Grass Airport, but the trainer's identity has not been established.

Next: find the trainer/breeder on the Flower Alley page (e.g. Lookup[trainer]; the later part of the page may name him), search that person for how he died, and if it was the Blue Grass Airport crash answer Finish[Blue Grass Airport]. Don't invent names."""
T[S, "faithful_short"] = H + """Question: "Flower Alley was bred by the trainer who was killed at what Fayette County, Kentucky airport?" Flower Alley: Thoroughbred (2002), Travers winner; the intro names no trainer. Blue Grass Airport (LEX) is the Fayette County airport, across from Keeneland; it had a 2006 Delta Connection crash. Trial 1 answered Finish[Adan "Ace" Espinoza] (invented) -> INCORRECT; trials 2-3 halted looping on Lookups. Trial 4 (now, step 2): Search[Flower Alley] done. Next: find the trainer on the page, check how he died, then likely Finish[Blue Grass Airport]."""
T[S, "terse"] = H + """The agent is answering a multi-hop question linking a racehorse, the person who bred it, and a local airport. It found the horse and the likely airport but not the person, and its one answer so far was wrong. Several attempts ran out of steps on repeated lookups. It has just restarted and should identify the person first, then confirm the airport."""
T[S, "planted_errors"] = T[S, "faithful"].replace(
    "Flower Alley (foaled May 7, 2002)", "Flower Alley (foaled May 7, 2004)").replace(
    "Blue Grass Airport (IATA: LEX) is the public airport in Fayette County, Kentucky, 6 miles west of Lexington",
    "Blue Grass Airport (IATA: BGA) is the public airport in Fayette County, Kentucky, 16 miles east of Lexington").replace(
    "Trial 1 (1-13): answered", "Trial 1 (1-13): after reading the Keeneland page, answered")
P[S] = ["Flower Alley foaled in 2004 (2002)",
        "Blue Grass Airport given IATA code BGA and 16 miles east of Lexington (LEX, 6 miles west)",
        "trial 1 said to have read the Keeneland page before answering (it looked up Keeneland Race Course on the airport page)"]
T[S, "stale"] = H + """Task (message 1): "Flower Alley was bred by the trainer who was killed at what Fayette County, Kentucky airport?" Tools: Search, Lookup, Finish; 6 steps per trial; reflections after a failure.

Trial 1: Search[Flower Alley] -> American Thoroughbred (foaled May 7, 2002), Travers Stakes winner, sire of I'll Have Another; no trainer named. Lookup[killed at] -> No Results. Search[Fayette County, Kentucky airport] -> not found, similar: 'Blue Grass Airport'. Search[Blue Grass Airport] -> public airport in Fayette County, 6 miles west of Lexington, across from Keeneland Race Course. Lookup[Keeneland Race Course] -> the same paragraph. It answered Finish[Adan "Ace" Espinoza] -> "Answer is INCORRECT".
Reflection: it wrongly assumed the trainer was in the results; should look up more about Keeneland Race Course.
Trial 2 has started: Search[Flower Alley] (same intro), Lookup[bred by] -> No Results, Search[Keeneland Race Course] -> Keeneland Association, Lexington, no trainer.

Next: keep looking for the trainer, e.g. via Keeneland."""
T[S, "vague_long"] = vague("connecting several facts about horse racing and a place")
K[S] = ["Flower Alley was bred by the trainer who was killed at what Fayette County, Kentucky airport?",
        "Flower Alley (foaled May 7, 2002) is an American Thoroughbred racehorse and sire.",
        "Blue Grass Airport (IATA: LEX, ICAO: KLEX, FAA LID: LEX) is a public airport in Fayette County, Kentucky",
        "situated directly across from Keeneland Race Course", "Espinoza",
        "Answer is INCORRECT", "Observation 2: No Results", "[Trial 2 halted: step limit reached]", "[Trial 3 halted: step limit reached]",
        "was removed after a 2006 crash of a Delta Connection flight",
        "Keeneland Association, Inc. is an equine business based in Lexington, Kentucky.",
        "Instead I should have tried to search the similar results that had a similar name to see if they mentioned the trainer."]

# ------------------------------------------------------------------ Frankie LaRocka, cut 48 of 78
S = "reflexion_hotpotqa_frankie_larocka.json"
T[S, "faithful"] = H + """Task (message 1): HotpotQA question "In what year was the Sayrevill, New Jersey rock band that Frankie LaRocka played drums for formed?" Tools: Search[entity], Lookup[keyword] on the current page, Finish[answer] (graded); 6 steps per trial; reflections after a failure.

Found: only in trial 1, Search[Frankie LaRocka] -> Frankie LaRocka (April 17, 1954 - May 12, 2005), born Frank LaRocca, American rock musician and producer (the paragraph does not name a Sayreville band). Lookup[Sayrevill, New Jersey] -> No Results.

Every other search failed with "Could not find": Sayrevill, New Jersey rock band (no similar titles); Frankie LaRocka Sayrevill; Frankie LaRocka Sayreville; Frankie LaRocka Sayreville rock band; ...formation; ...formation year. The Sayreville searches return the similar titles ['Jon Bon Jovi', 'Bon Jovi'] (or ['Bon Jovi']).

Trials 1, 2 and 3 (messages 1-42) all halted at the step limit without an answer; trials 2-3 only repeated the same composite searches. Reflections (message 43) told it to search 'Frankie LaRocka Sayreville rock band' and then look for the formation year, which is the same failing query.
Trial 4 (43-47, current): steps 1-2 were Search[Frankie LaRocka Sayreville rock band] twice -> Could not find, similar ['Jon Bon Jovi', 'Bon Jovi'].

State: step 3 of 6 of trial 4; no answer has been submitted in any trial.

Next: stop repeating the composite query. Follow the similar titles the search keeps offering: Search[Bon Jovi] (or Search[Jon Bon Jovi]), confirm the band is from Sayreville, New Jersey and LaRocka's link to it, read the formation year on that page and answer Finish[<year>]."""
T[S, "faithful_short"] = H + """Question: "In what year was the Sayrevill, New Jersey rock band that Frankie LaRocka played drums for formed?" Search[Frankie LaRocka] gave only his bio (1954-2005, rock musician and producer). Every composite search (Frankie LaRocka Sayreville rock band, ...formation year, etc.) fails with similar titles ['Jon Bon Jovi', 'Bon Jovi']. Trials 1-3 halted with no answer; trial 4 (now, step 3 of 6) has repeated the same failing search twice. Next: Search[Bon Jovi], check Sayreville, read the formation year, Finish."""
T[S, "terse"] = H + """The agent is trying to find when a particular rock band was formed, starting from a musician who drummed for it. It found a short bio of the musician but not the band. Its combined searches keep failing, though the tool keeps suggesting related pages. Several attempts ended without an answer. It should follow the suggested pages instead of repeating the same search."""
T[S, "planted_errors"] = T[S, "faithful"].replace(
    "Frankie LaRocka (April 17, 1954 - May 12, 2005)", "Frankie LaRocka (April 17, 1954 - May 12, 2015)").replace(
    "Trials 1, 2 and 3 (messages 1-42) all halted at the step limit without an answer",
    "Trials 1 and 2 halted at the step limit; trial 3 answered Finish[1984] and was graded INCORRECT").replace(
    "State: step 3 of 6 of trial 4; no answer has been submitted in any trial.", "State: step 3 of 6 of trial 4.")
P[S] = ["LaRocka's death given as 2015 (2005)",
        "claims trial 3 answered Finish[1984] and was graded INCORRECT (trial 3 halted with no answer; no answer was ever submitted)"]
T[S, "stale"] = H + """Task (message 1): "In what year was the Sayrevill, New Jersey rock band that Frankie LaRocka played drums for formed?" Tools: Search, Lookup, Finish; 6 steps per trial; reflections after a failure.

Trial 1: Search[Frankie LaRocka] -> American rock musician and producer (April 17, 1954 - May 12, 2005), born Frank LaRocca; no Sayreville band named. Lookup[Sayrevill, New Jersey] -> No Results. Search[Sayrevill, New Jersey rock band] and Search[Frankie LaRocka Sayrevill] -> Could not find, no similar titles. Search[Frankie LaRocka Sayreville] and Search[Frankie LaRocka Sayreville rock band] -> Could not find, similar ['Jon Bon Jovi', 'Bon Jovi']. Halted at the step limit.
Reflection: it should search for Frankie LaRocka and Sayreville rock band, to be more specific.
Trial 2 has started: Search[Frankie LaRocka and Sayreville rock band] failed twice; Search[Frankie LaRocka Sayreville rock band] failed (similar ['Jon Bon Jovi', 'Bon Jovi']).

Next: try a more specific search for the band's formation."""
T[S, "vague_long"] = vague("finding a date connected to a musician and a band")
K[S] = ["In what year was the Sayrevill, New Jersey rock band that Frankie LaRocka played drums for formed?",
        "Frankie LaRocka (April 17, 1954 – May 12, 2005), born Frank LaRocca, was an American rock musician and producer.",
        "Observation 2: No Results", "Could not find [Sayrevill, New Jersey rock band]. Similar: []",
        "Could not find [Frankie LaRocka Sayreville rock band]. Similar: ['Jon Bon Jovi', 'Bon Jovi']",
        "Could not find [Frankie LaRocka Sayreville rock band formation year]. Similar: ['Bon Jovi']",
        "[Trial 1 halted: step limit reached]", "[Trial 2 halted: step limit reached]", "[Trial 3 halted: step limit reached]",
        "I got stuck in a loop where I kept trying to search 'Frankie LaRocka Sayreville rock band formation year' but the page could not be found.",
        "I need to search for Frankie LaRocka and Sayreville rock band specifically."]

# more verbatim strings, to bring the keyword dumps closer to the faithful summaries' length
K["reflexion_hotpotqa_pizza_inn_papa_ginos.json"] += [
    "Pizza Inn is a Dallas-based restaurant chain and international food franchise, specializing in American-style pan pizza, pasta, and side dishes.",
    "Papa Gino's, Inc. is a restaurant chain based in Dedham, Massachusetts",
    "The Colony, Texas is further north than Dedham, Massachusetts, so Pizza Inn's headquarters is further north.",
    "Then, I will search for the latitude and longitude of each headquarters to accurately determine which is further north.",
    "Similar: ['The Colony, Texas', 'Tennessee Colony, Texas', 'Iowa Colony, Texas'"]
K["reflexion_hotpotqa_duke_energy_amg.json"] += [
    "Duke Energy Corporation is an American electric power and natural gas holding company headquartered in Charlotte, North Carolina.",
    "The company was founded in December 1993 by William J. Nutt in Boston, Massachusetts",
    "Observation 3: (Result 1/2) Affiliated Managers Group, Inc. (NYSE: AMG)",
    "So the answer is yes, both Duke Energy and Affiliated Managers Group are based in Massachusetts.",
    "Stamford, Connecticut; and London, United Kingdom", "I need to look up the definition of 'located' instead."]
K["reflexion_hotpotqa_eric_ambler_carol_shields.json"] += [
    "Eric Clifford Ambler OBE (28 June 1909 – 22 October 1998)",
    "Carol Ann Shields,  (née Warner; June 2, 1935 – July 16, 2003)",
    "Carol Shields is an author. So I need to compare the genres they wrote in to see if they are the same.",
    "I assumed that Eric Ambler and Carol Shields had different professions without looking up Carol Shields' profession.",
    "Thought 5: Eric Ambler wrote thrillers and spy novels. I need to search Carol Shields again and find the genres she wrote in."]
K["reflexion_hotpotqa_flower_alley.json"] += [
    "he is best known as the sire of 2012 Kentucky Derby and Preakness Stakes winner I'll Have Another",
    "Could not find [Fayette County, Kentucky airport]. Similar: ['Blue Grass Airport', 'Lexington, Kentucky'",
    "6 miles west of downtown Lexington",
    "I incorrectly assumed that the trainer who was killed at Blue Grass Airport was mentioned in the search results.",
    "I need to look up \"bred by\" to find the trainer.",
    "== Features and facilities =="]
K["reflexion_hotpotqa_frankie_larocka.json"] += [
    "Could not find [Frankie LaRocka Sayrevill]. Similar: []",
    "Could not find [Frankie LaRocka Sayreville]. Similar: ['Jon Bon Jovi', 'Bon Jovi']",
    "Could not find [Frankie LaRocka and Sayreville rock band]. Similar: ['Jon Bon Jovi', 'Bon Jovi']",
    "Could not find [Frankie LaRocka Sayreville rock band formation]. Similar: ['Bon Jovi']",
    "I was searching for the wrong thing. Instead of searching for the Sayrevill, New Jersey rock band, I should have searched for Frankie LaRocka and Sayreville rock band",
    "I need to search for Frankie LaRocka Sayreville rock band instead of Jon Bon Jovi and Bon Jovi."]
