# Hand-written replacements for L18. T[(session, variant)] = text; P[session] = planted errors.
T, P = {}, {}

# ------------------------------------------------ tool-calling agent, MBTA stops, cut 20 of 29
S = "smol_tc_mbta_stops.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-19 were compacted):

Task (GAIA, verbatim): "As of May 2023, how many stops are between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line (not included)?" I am a smolagents tool-calling agent (gpt-4o) with web_search, visit_webpage, python_interpreter and final_answer; the answer must be given through final_answer.

What I did and found:
1. web_search "MBTA Franklin-Foxboro line stops 2023": the MBTA line page snippet says "16 stops going Outbound to Forge Park/495 or Foxboro"; another result lists affected inbound stops "Walpole Foxboro Windsor Gardens Norwood Central Norwood Depot Islington Dedham Corporate Center".
2. visit_webpage https://www.mbta.com/schedules/CR-Franklin/line: only site menus and footer, no station list. Visiting it again later (twice) returned the same page.
3. Two timetable URLs (date=2023-12-08, origin place-FB-0109; date=2023-01-30, Norwood Central -> Norwood Depot) gave timetables without Windsor Gardens.
4. visit_webpage https://www.mbta.com/foxboro (called in parallel with the line page; one observation came back) returned the full timetable with the stops in inbound order: Forge Park/495, Franklin, Norfolk, Walpole, Foxboro, Windsor Gardens (place-FB-0166), Norwood Central, Norwood Depot, Islington, Dedham Corporate Center, Endicott, Readville, Hyde Park, Forest Hills, Ruggles, Back Bay, South Station (place-sstat).

Finding: strictly between Windsor Gardens and South Station there are 10 stops (Norwood Central, Norwood Depot, Islington, Dedham Corporate Center, Endicott, Readville, Hyde Park, Forest Hills, Ruggles, Back Bay). Foxboro is on a branch beyond Windsor Gardens, not between. I have not yet counted this explicitly or answered.

Current state and next step: I was about to run another web_search ("MBTA Franklin-Foxboro line full list of stops May 2023") to confirm the list (e.g. Wikipedia's station listing). The count already supported by the MBTA timetable is 10; confirm it against a May 2023 source if possible, then call final_answer with the number only."""

T[S, "faithful_short"] = """Compacted (messages 1-19): Task: how many stops lie between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line as of May 2023, ends excluded; answer via final_answer. The line page https://www.mbta.com/schedules/CR-Franklin/line returned only menus (three visits); two timetable URLs lacked Windsor Gardens. https://www.mbta.com/foxboro gave the full inbound order: Windsor Gardens, Norwood Central, Norwood Depot, Islington, Dedham Corporate Center, Endicott, Readville, Hyde Park, Forest Hills, Ruggles, Back Bay, South Station, so 10 stops between. Not answered yet; next: a search for a full May 2023 stop list to confirm, then final_answer 10."""

T[S, "terse"] = """So far: the agent is counting the commuter-rail stops between two stations of a Boston line at a date in 2023, ends excluded. The operator's main line page gave only menus, and two timetable pages were incomplete, but one timetable page listed the whole line in order, which gives ten stops in between. No answer has been given yet; the next step is one more search to confirm the list, then give the final answer."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-19 were compacted):

Task (GAIA, verbatim): "As of May 2023, how many stops are between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line (not included)?" I am a smolagents tool-calling agent (gpt-4o) with web_search, visit_webpage, python_interpreter and final_answer; the answer must be given through final_answer.

What I did and found:
1. web_search "MBTA Franklin-Foxboro line stops 2023": the MBTA line page snippet says "16 stops going Outbound to Forge Park/495 or Foxboro"; another result lists affected inbound stops "Walpole Foxboro Windsor Gardens Norwood Central Norwood Depot Islington Dedham Corporate Center".
2. visit_webpage https://www.mbta.com/schedules/CR-Franklin/line returned the full timetable with the stops in inbound order: Forge Park/495, Franklin, Norfolk, Walpole, Windsor Gardens (place-FB-0166), Foxboro, Norwood Central, Norwood Depot, Islington, Dedham Corporate Center, Endicott, Readville, Hyde Park, Forest Hills, Ruggles, Back Bay, South Station (place-sstat).
3. Two timetable URLs (date=2023-12-08, origin place-FB-0109; date=2023-01-30, Norwood Central -> Norwood Depot) gave timetables without Windsor Gardens.
4. visit_webpage https://www.mbta.com/foxboro returned only site menus and footer, no station list.

Finding: strictly between Windsor Gardens and South Station there are 11 stops (Foxboro, Norwood Central, Norwood Depot, Islington, Dedham Corporate Center, Endicott, Readville, Hyde Park, Forest Hills, Ruggles, Back Bay). I have not yet answered.

Current state and next step: I was about to run another web_search ("MBTA Franklin-Foxboro line full list of stops May 2023") to confirm the list (e.g. Wikipedia's station listing). The count supported by the MBTA timetable is 11; confirm it against a May 2023 source if possible, then call final_answer with the number only."""
P[S] = [
    "the full stop list came from https://www.mbta.com/foxboro, not from the /schedules/CR-Franklin/line page (which gave only menus); the summary swaps the two pages",
    "Foxboro is placed between Windsor Gardens and Norwood Central (it is a branch stop beyond Windsor Gardens)",
    "the count is given as 11 instead of 10",
]

T[S, "keyword_dump"] = """web_search | visit_webpage | final_answer
'MBTA Franklin-Foxboro line stops 2023'
https://www.mbta.com/schedules/CR-Franklin/line
16 stops going Outbound to Forge Park/495 or FoxboroUse ... Minor Schedule Adjustments to Providence, Franklin Lines Go into Effect January 23, 2023
Affected direction: Inbound Affected stops: Walpole Foxboro Windsor Gardens Norwood Central Norwood Depot Islington Dedham Corporate Center
https://www.mbta.com/schedules/CR-Franklin/timetable?date=2023-12-08&direction_id=0&expanded=Franklin+Line&origin=place-FB-0109&schedule_direction%5Bdirection_id%5D=1&shift=-1
https://www.mbta.com/schedules/CR-Franklin/timetable?date=2023-01-30&date_select=true&destination=Norwood+Depot&direction_id=1&origin=Norwood+Central&schedule_direction%5Bdirection_id%5D=0&shift=3
https://www.mbta.com/foxboro
call_3ymEOz4kRcZS4zEzXRzeMwR3 call_U1rCQVIgorJLloXaOzIevmu0 call_AczKh5Ets3AEV4a81LKLzeno
Franklin/Foxboro Line | Commuter Rail | MBTA
[Forge Park/495](/stops/place-FB-0303) [Franklin](/stops/place-FB-0275) [Norfolk](/stops/place-FB-0230) [Walpole](/stops/place-FB-0191) [Foxboro](/stops/place-FS-0049)
[Windsor Gardens](/stops/place-FB-0166) No parking Not accessible
Does not stop at Foxboro | Does not stop at Windsor Gardens | flag stop Flag Stop
[Norwood Central](/stops/place-FB-0148) [Norwood Depot](/stops/place-FB-0143) [Islington](/stops/place-FB-0125) [Dedham Corporate Center](/stops/place-FB-0118) [Endicott](/stops/place-FB-0109) [Readville](/stops/place-DB-0095) [Hyde Park](/stops/place-NEC-2203) [Forest Hills](/stops/place-forhl) [Ruggles](/stops/place-rugg) [Back Bay](/stops/place-bbsta) [South Station](/stops/place-sstat)
© Massachusetts Bay Transportation Authority, all rights reserved."""

T[S, "stale"] = """Summary of the run so far (earlier messages were compacted):

Task (GAIA, verbatim): "As of May 2023, how many stops are between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line (not included)?" I am a smolagents tool-calling agent (gpt-4o) with web_search, visit_webpage, python_interpreter and final_answer; the answer must be given through final_answer.

What I did and found:
1. web_search "MBTA Franklin-Foxboro line stops 2023": the MBTA line page snippet says "16 stops going Outbound to Forge Park/495 or Foxboro"; another result lists affected inbound stops "Walpole Foxboro Windsor Gardens Norwood Central Norwood Depot Islington Dedham Corporate Center".
2. visit_webpage https://www.mbta.com/schedules/CR-Franklin/line: only site menus and footer, no station list.
3. visit_webpage on a timetable URL (date=2023-12-08, origin place-FB-0109): a timetable, but Windsor Gardens is not in it.

Current state: I do not yet have the ordered list of stops between South Station and Windsor Gardens. Next step: open another timetable view of the line (for example Norwood Central -> Norwood Depot on 2023-01-30) to find the full list of stations, count those strictly between the two, and answer with final_answer."""

T[S, "vague_long"] = """Summary of the work so far:

The task is a factual question about a commuter rail line: the user wants to know how many stops lie between two named stations on that line at a particular point in time, with the two end stations themselves not counted. The answer has to be a single number, given through the agent's final-answer tool once it is established.

The agent began with a general web search, which pointed to the transit operator's own pages for the line and to a few related results, one of which mentioned several of the stations on the inbound direction. It then opened the operator's main page for the line, but what came back was mostly navigation, menus and footer text rather than the list of stations it needed, and a later visit to the same page gave the same result.

Next it tried several timetable views of the line for different dates and directions. Some of these were incomplete for the purpose, because they did not include the outer station named in the question. One page, however, returned a full timetable that listed every stop on the line in order, from the far terminus inward to the downtown terminal. Reading that order, the stops between the two named stations can be counted directly, and the count follows from that list; one stop that looks as if it might be on the way is in fact on a branch and should not be counted.

The agent has not yet written down that count or submitted an answer. Its plan at this point is to make one more search for a complete, dated list of stations, such as an encyclopedia article about the line, to confirm the order for the date in the question, and then to submit the number through the final-answer tool, giving only the number as the question asks."""

# ------------------------------------------------ tool-calling agent, 1928 Olympics, cut 14 of 23
S = "smol_tc_olympics_1928.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-13 were compacted):

Task (GAIA, verbatim): "What country had the least number of athletes at the 1928 Summer Olympics? If there's a tie for a number of athletes, return the first in alphabetical order. Give the IOC country code as your answer." I am a smolagents tool-calling agent (gpt-4o) with web_search, visit_webpage, python_interpreter and final_answer.

What I did and found:
1. web_search "1928 Summer Olympics country with least athletes". The Wikipedia snippet (https://en.wikipedia.org/wiki/1928_Summer_Olympics) lists the start of the participating nations with counts: "Argentina (81 athletes) · Australia (18) · Austria (73) · Belgium (186) · Bulgaria (5) · Canada (69) · Chile (38) · Cuba (1)". Other results: EBSCO says 46 countries sent 2,883 athletes; the medal-table page says 2,883 athletes from 46 countries.
2. visit_webpage https://en.wikipedia.org/wiki/1928_Summer_Olympics: 40,085 characters of menus, table of contents and the list of nation links (Cuba included), ending at "82 languages"; the article body with "Number of athletes by National Olympic Committees" never came through. A second visit returned the identical text, and so did the anchor URL ...#Number_of_athletes_by_National_Olympic_Committees.

State: the only counts I have are the snippet's first eight nations, where Cuba (1) is the lowest. I have not seen the counts for the other 38 nations, so I cannot yet rule out another nation with 1 athlete that comes before Cuba alphabetically. No answer given.

Next step: web_search "1928 Summer Olympics participating nations and number of athletes" to find a page that lists all 46 nations with their counts (e.g. a mirror of the Wikipedia list or Olympedia), check for ties at the minimum, and answer with the IOC code of the winner through final_answer (Cuba's code is CUB)."""

T[S, "faithful_short"] = """Compacted (messages 1-13): Task: which country had the fewest athletes at the 1928 Summer Olympics (tie: first alphabetically), answered as an IOC code via final_answer. A web_search snippet of Wikipedia gave the first eight nations: Argentina 81, Australia 18, Austria 73, Belgium 186, Bulgaria 5, Canada 69, Chile 38, Cuba (1). visit_webpage on https://en.wikipedia.org/wiki/1928_Summer_Olympics returned only menus and contents (40,085 chars) three times, including with the #Number_of_athletes_by_National_Olympic_Committees anchor. Cuba (1) is the minimum seen, but 38 of 46 nations are unchecked. Next: search for the full list with counts, check ties, then final_answer (CUB if Cuba holds)."""

T[S, "terse"] = """So far: the agent must name, as an Olympic country code, the nation that sent the fewest athletes to the 1928 Summer Games, breaking ties alphabetically. A search snippet gave counts for the first few nations, with one nation sending a single athlete. Opening the encyclopedia article three times returned only its menus, never the table of counts. Next: search for a complete list of nations with their counts, check for ties, then answer."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-13 were compacted):

Task (GAIA, verbatim): "What country had the least number of athletes at the 1928 Summer Olympics? If there's a tie for a number of athletes, return the first in alphabetical order. Give the IOC country code as your answer." I am a smolagents tool-calling agent (gpt-4o) with web_search, visit_webpage, python_interpreter and final_answer.

What I did and found:
1. web_search "1928 Summer Olympics country with least athletes". The Wikipedia snippet (https://en.wikipedia.org/wiki/1928_Summer_Olympics) lists the start of the participating nations with counts: "Argentina (81 athletes) · Australia (18) · Austria (73) · Belgium (186) · Bulgaria (1) · Canada (69) · Chile (38) · Cuba (5)". Other results: EBSCO says 46 countries sent 2,883 athletes; the medal-table page says 2,883 athletes from 46 countries.
2. visit_webpage https://en.wikipedia.org/wiki/1928_Summer_Olympics: the page loaded fully, and its "Number of athletes by National Olympic Committees" table confirmed the counts for all 46 nations. A second visit and the anchor URL ...#Number_of_athletes_by_National_Olympic_Committees returned the same text.

State: from the full table, Bulgaria (1) is the lowest and no other nation has a single athlete. No answer given yet.

Next step: a confirming web_search "1928 Summer Olympics participating nations and number of athletes", then answer with the IOC code through final_answer (Bulgaria's code is BUL)."""
P[S] = [
    "the counts of Bulgaria and Cuba are swapped (the snippet says Bulgaria (5), Cuba (1)), so the wrong nation is named as the minimum (BUL instead of CUB)",
    "the Wikipedia visits are called a success with the full athletes table; in fact all three visits returned only menus and contents, without any counts",
    "claims no other nation has a single athlete, a check that was never done",
]

T[S, "keyword_dump"] = """web_search | visit_webpage | final_answer
'1928 Summer Olympics country with least athletes'
[1928 Summer Olympics - Wikipedia](https://en.wikipedia.org/wiki/1928_Summer_Olympics)
Participating nations · Argentina (81 athletes) · Australia (18) · Austria (73) · Belgium (186) · Bulgaria (5) · Canada (69) · Chile (38) · Cuba (1).
Of the sixty-two countries invited, forty-six accepted and sent 2,883 athletes, of whom almost 10 percent were female.
A total of 2,883 athletes from 46 countries
https://en.wikipedia.org/wiki/1928_Summer_Olympics_medal_table
call_1n2meWHfWa238yGYAcQxl2TO call_D9dqy1CiyOHoTRIT03IjQf08 call_mjW8WZDoNhQYpwrKedGxrQiB call_HAxOPjjO7xoBLrvdXYNIravq
1928 Summer Olympics - Wikipedia [Jump to content](#bodyContent) Main menu
Participating nations](#Participating_nations) Toggle Participating nations subsection
Number of athletes by National Olympic Committees](#Number_of_athletes_by_National_Olympic_Committees)
[Cuba](/wiki/Cuba_at_the_1928_Summer_Olympics "Cuba at the 1928 Summer Olympics")
[Czechoslovakia](/wiki/Czechoslovakia_at_the_1928_Summer_Olympics "Czechoslovakia at the 1928 Summer Olympics")
https://en.wikipedia.org/wiki/1928_Summer_Olympics#Number_of_athletes_by_National_Olympic_Committees
Medal count | Poster | Last surviving competitor
Toggle the table of contents 1928 Summer Olympics 82 languages [Add topic](#)"""

T[S, "stale"] = """Summary of the run so far (earlier messages were compacted):

Task (GAIA, verbatim): "What country had the least number of athletes at the 1928 Summer Olympics? If there's a tie for a number of athletes, return the first in alphabetical order. Give the IOC country code as your answer." I am a smolagents tool-calling agent (gpt-4o) with web_search, visit_webpage, python_interpreter and final_answer.

What I did and found:
1. web_search "1928 Summer Olympics country with least athletes". The Wikipedia snippet (https://en.wikipedia.org/wiki/1928_Summer_Olympics) lists the start of the participating nations with counts: "Argentina (81 athletes) · Australia (18) · Austria (73) · Belgium (186) · Bulgaria (5) · Canada (69) · Chile (38) · Cuba (1)". EBSCO says 46 countries sent 2,883 athletes.

Current state: Cuba (1) is the lowest so far, but only eight of 46 nations are covered. Next step: visit_webpage https://en.wikipedia.org/wiki/1928_Summer_Olympics and read its "Number of athletes by National Olympic Committees" section to get all counts, check for ties, and answer with the IOC code through final_answer."""

T[S, "vague_long"] = """Summary of the work so far:

The task is a sports-history question: the user wants to know which country sent the smallest team to a particular early twentieth-century Olympic Games, with a rule for breaking ties alphabetically, and wants the answer given as that country's standard Olympic code rather than its name. The answer must be submitted through the agent's final-answer tool.

The agent started with a web search. One of the results, from the encyclopedia article about those Games, included a short excerpt listing the first several participating nations in alphabetical order, each with the number of athletes it sent. In that partial list one nation stood out with a single athlete, far fewer than the others shown. Other results gave the overall totals for the Games, the number of participating countries and athletes, which confirms that the partial list covers only a small fraction of the nations.

The agent then tried to open the full encyclopedia article to read the complete table of nations and their team sizes. The tool returned a long block of text, but it consisted of the site's menus, the table of contents and links to each nation's page, and it stopped before the body of the article, so the table itself was never seen. Repeating the visit, and pointing it directly at the relevant section of the page, gave exactly the same truncated text.

So the agent currently has a plausible candidate from the partial list but has not verified that no other nation also sent just one athlete, which matters because of the alphabetical tie rule. It has not answered yet. Its plan is to search for another source that lists every participating nation with its count, confirm the minimum and any ties, and then submit the country code."""

# ------------------------------------------------ code agent, Yankees 1977, cut 20 of 33
S = "smol_code_yankees_1977.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-19 were compacted):

Task (GAIA, verbatim): "How many at bats did the Yankee with the most walks in the 1977 regular season have that same season?" I am a smolagents CodeAgent (gpt-4o): each step is Thought + a <code> block run by python_interpreter, with web_search, visit_webpage and final_answer available as functions.

Steps so far:
1. web_search("Yankees player with the most walks 1977 regular season"): results include https://www.mlb.com/yankees/stats/1977, https://www.baseball-reference.com/teams/NYY/1977.shtml, https://en.wikipedia.org/wiki/1977_New_York_Yankees_season and Baseball Almanac's https://www.baseball-almanac.com/teamstats/hitting.php?y=1977&t=NYA. No snippet gives the walks leader.
2. visit_webpage on baseball-reference failed: "Error fetching the webpage: 403 Client Error: Forbidden".
3. visit_webpage("https://www.mlb.com/yankees/stats/1977") worked: mlb_stats_1977 holds 19189 characters (I only printed its length).
4. Three attempts to parse it found nothing: a regex r'(Thurman Munson.*?Walks.*?\\d+)' printed nothing; a broader regex for Walks/Bases on Balls/BB returned ['1']; a line-by-line scan for a header with "PLAYER", "WALKS" and "AT BATS" printed nothing. The MLB page text apparently has no parsable stats table.

Decision: stop parsing the MLB page and switch sources.

Current state: I still do not know which Yankee led the team in walks in 1977, nor his at bats. Step 7 (now): visit_webpage("https://en.wikipedia.org/wiki/1977_New_York_Yankees_season"), print its length, then look in its Player stats / Batting tables for BB and AB. Baseball Almanac's 1977 hitting page is another option if Wikipedia's tables don't parse. The run has a 10-step limit, and six steps are used. Final answer: a number of at bats via final_answer."""

T[S, "faithful_short"] = """Compacted (messages 1-19): Task: at bats in 1977 of the Yankee with the most walks that regular season; CodeAgent with web_search / visit_webpage / final_answer, 10-step limit, 6 used. Search found MLB, baseball-reference, Wikipedia and Baseball Almanac 1977 pages. baseball-reference returned "403 Client Error: Forbidden". https://www.mlb.com/yankees/stats/1977 loaded (19189 chars) but three parsing attempts (Munson regex, Walks/BB regex giving ['1'], header scan) found no stats. Walks leader still unknown. Next: visit https://en.wikipedia.org/wiki/1977_New_York_Yankees_season and read BB and AB from its batting tables, then final_answer."""

T[S, "terse"] = """So far: the agent needs the number of at bats, in one 1977 baseball season, of the New York team's player who drew the most walks. One statistics site refused access, and another site's page loaded but none of several parsing attempts found the statistics in it. The player is still unknown. Next: try the encyclopedia article on that team's season and read walks and at bats from its batting tables."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-19 were compacted):

Task (GAIA, verbatim): "How many at bats did the Yankee with the most walks in the 1977 regular season have that same season?" I am a smolagents CodeAgent (gpt-4o): each step is Thought + a <code> block run by python_interpreter, with web_search, visit_webpage and final_answer available as functions.

Steps so far:
1. web_search("Yankees player with the most walks 1977 regular season"): results include https://www.mlb.com/yankees/stats/1977, https://www.baseball-reference.com/teams/NYY/1977.shtml, https://en.wikipedia.org/wiki/1977_New_York_Yankees_season and Baseball Almanac's https://www.baseball-almanac.com/teamstats/hitting.php?y=1977&t=NYA.
2. visit_webpage("https://www.mlb.com/yankees/stats/1977") failed: "Error fetching the webpage: 403 Client Error: Forbidden".
3. visit_webpage on baseball-reference worked: the page holds 19189 characters.
4. Parsing it: a regex r'(Thurman Munson.*?Walks.*?\\d+)' printed nothing; a broader regex for Walks/Bases on Balls/BB returned ['1']; a line-by-line scan for a header with "PLAYER", "WALKS" and "AT BATS" confirmed that Thurman Munson led the team in walks, but his at-bat figure could not be extracted.

Decision: switch sources for the at-bat number.

Current state: the walks leader is Thurman Munson; his 1977 at bats are still unknown. Step 7 (now): visit_webpage("https://en.wikipedia.org/wiki/1977_New_York_Yankees_season"), print its length, then read Munson's AB from the Batting tables. The run has a 10-step limit, and six steps are used. Final answer: a number of at bats via final_answer."""
P[S] = [
    "the 403 error is attributed to the MLB page; it was baseball-reference that returned 403 and the MLB page that loaded (19189 chars)",
    "the header scan is said to have confirmed Thurman Munson as walks leader; it printed nothing, and the walks leader was never found",
]

T[S, "keyword_dump"] = """web_search(query="Yankees player with the most walks 1977 regular season")
https://www.mlb.com/yankees/stats/1977
https://www.baseball-reference.com/teams/NYY/1977.shtml
https://en.wikipedia.org/wiki/1977_New_York_Yankees_season
https://www.baseball-almanac.com/teamstats/hitting.php?y=1977&t=NYA
Since 1977, Aaron Judge has the most walks for the Yankees in a season, with 133 walks in 2024.
1 Reggie Jackson; 2.6. · 2 Thurman Munson; 2.6. · 3 Billy Martin.
C Thurman Munson (136), 1B Chris Chambliss (157), 2B Willie Randolph (147)
Error fetching the webpage: 403 Client Error: Forbidden for url: https://www.baseball-reference.com/teams/NYY/1977.shtml
mlb_stats_1977 = visit_webpage(url=mlb_url)
print(len(mlb_stats_1977))
19189
walks_section = re.findall(r'(Thurman Munson.*?Walks.*?\\d+)', mlb_stats_1977, re.DOTALL)
lines = re.findall(r'[\\w\\s]+(?:Walks|Bases on Balls|BB).*?(\\d{1,4})', mlb_stats_1977, re.DOTALL)
['1']
if "PLAYER" in line and "WALKS" in line and "AT BATS" in line:
Last output from code snippet:
None
python_interpreter call_1 call_2 call_3 call_4 call_5 call_6"""

T[S, "stale"] = """Summary of the run so far (earlier messages were compacted):

Task (GAIA, verbatim): "How many at bats did the Yankee with the most walks in the 1977 regular season have that same season?" I am a smolagents CodeAgent (gpt-4o): each step is Thought + a <code> block run by python_interpreter, with web_search, visit_webpage and final_answer available as functions.

Steps so far:
1. web_search("Yankees player with the most walks 1977 regular season"): results include https://www.mlb.com/yankees/stats/1977, https://www.baseball-reference.com/teams/NYY/1977.shtml, https://en.wikipedia.org/wiki/1977_New_York_Yankees_season and Baseball Almanac's 1977 hitting page.
2. visit_webpage on baseball-reference failed: "Error fetching the webpage: 403 Client Error: Forbidden".
3. visit_webpage("https://www.mlb.com/yankees/stats/1977") worked: mlb_stats_1977 holds 19189 characters.

Current state: the MLB page is loaded in mlb_stats_1977. Next step: parse it (for example with a regex around player names and "Walks") to find the Yankee with the most walks in 1977 and his at bats, then final_answer."""

T[S, "vague_long"] = """Summary of the work so far:

The task is a baseball statistics question. The user wants a single number: how many times at bat, in one particular regular season of the late 1970s, the player on a well-known New York team who drew the most walks that season had. To answer, the agent has to identify that player first and then look up his at-bat total for the same season, and finally submit the number through the final-answer function.

The agent works by writing short Python snippets that call a search function and a page-reading function. It began with a web search, which returned several promising sources: the league's official statistics page for the team that year, a well-known reference site for historical statistics, an encyclopedia article on the team's season and an almanac-style site. None of the search snippets named the walks leader directly.

It first tried the historical statistics site, but that site refused the request. It then loaded the league's official page for the team's season, which did return a sizeable amount of text. However, several attempts to pull the relevant figures out of that text with pattern matching and line-by-line scanning produced nothing useful; the page's text apparently does not contain the statistics in a form that can be read this way.

Having spent a good part of its limited budget of steps on this, the agent decided to stop working on that page and to turn to a different source. The question is still open: it does not yet know who led the team in walks or how many at bats he had. The plan now is to read the encyclopedia article about the team's season, look for its batting statistics tables, identify the walks leader there and read off his at bats, with the almanac site as a fallback if that does not work."""

# ------------------------------------------------ code agent, equine veterinarian, cut 20 of 32
S = "smol_code_equine_vet.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-19 were compacted):

Task (GAIA, verbatim): "What is the surname of the equine veterinarian mentioned in 1.E Exercises from the chemistry materials licensed by Marisa Alviar-Agnew & Henry Agnew under the CK-12 license in LibreText's Introductory Chemistry materials as compiled 08/21/2023?" I am a smolagents CodeAgent (gpt-4o): each step is text + a <code> block run by python_interpreter; tools web_search, visit_webpage, final_answer. 10-step limit; 6 steps used.

Steps so far:
1. web_search with filter_year=2023 for "1.E Exercises Marisa Alviar-Agnew Henry Agnew CK-12 LibreText Introductory Chemistry": only other sections (13.6 Specifying Solution Concentration- Molarity, 15.8 pH and pOH Calculations...).
2. A broader search ("Introductory Chemistry Marisa Alviar-Agnew Henry Agnew CK-12 LibreTexts"): again no 1.E.
3. Visited the 13.6 Molarity page (Map: Introductory Chemistry (Tro)); nothing about 1.E.
4. web_search "1.E Exercises site:libretexts.org Marisa Alviar-Agnew Henry Agnew" found "1.E: Exercises - Chemistry LibreTexts" at https://chem.libretexts.org/Courses/Chabot_College/Introduction_to_General_Organic_and_Biochemistry/01%3A_Chemistry_in_our_Lives/1.E%3A_Exercises (published Aug 11, 2022, CK-12, Alviar-Agnew & Agnew); also a Pasadena City College "1.E: Measurement and Problem Solving (Exercises)".
5. visit_webpage on the Chabot page into exercise_page_content; printing the first 2000 characters showed only the LibreTexts header and navigation (Campus Bookshelves, Bookshelves...).
6. Checked '"equine veterinarian" in exercise_page_content': printed "Not found in this snippet."

Open doubts: the Chabot College course may not be the "Introductory Chemistry" book the task names (compiled 08/21/2023), and the exact phrase may not be used.

Current state and next step: the surname is not found. Step 7 (now): print exercise_page_content[:5000] to see past the navigation; then search the text for "veterinarian"/"horse", or find the 1.E Exercises page of the Introductory Chemistry bookshelf itself. Answer with the surname only via final_answer."""

T[S, "faithful_short"] = """Compacted (messages 1-19): Task: surname of the equine veterinarian in "1.E Exercises" of LibreTexts' Introductory Chemistry (CK-12, Marisa Alviar-Agnew & Henry Agnew, compiled 08/21/2023). CodeAgent, 10 steps, 6 used. Two searches and a visit to the 13.6 Molarity page found nothing; a site:libretexts.org search found https://chem.libretexts.org/Courses/Chabot_College/Introduction_to_General_Organic_and_Biochemistry/01%3A_Chemistry_in_our_Lives/1.E%3A_Exercises. Its first 2000 chars were only navigation; '"equine veterinarian" in' the text gave "Not found in this snippet." Next: print exercise_page_content[:5000], search for "veterinarian", or find the Introductory Chemistry book's own 1.E page; final_answer the surname."""

T[S, "terse"] = """So far: the agent is looking for the surname of a horse veterinarian mentioned in an exercises section of an open online chemistry textbook by two named authors. Several searches and one page visit missed; a site-restricted search found an exercises page by those authors, but the start of the page was only navigation and the exact phrase was not found. Next: read more of that page or find the textbook's own exercises page."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-19 were compacted):

Task (GAIA, verbatim): "What is the surname of the equine veterinarian mentioned in 1.E Exercises from the chemistry materials licensed by Marisa Alviar-Agnew & Henry Agnew under the CK-12 license in LibreText's Introductory Chemistry materials as compiled 08/21/2023?" I am a smolagents CodeAgent (gpt-4o): each step is text + a <code> block run by python_interpreter; tools web_search, visit_webpage, final_answer. 10-step limit; 6 steps used.

Steps so far:
1. web_search with filter_year=2023 for "1.E Exercises Marisa Alviar-Agnew Henry Agnew CK-12 LibreText Introductory Chemistry": only other sections (13.6 Specifying Solution Concentration- Molarity, 15.8 pH and pOH Calculations...).
2. A broader search ("Introductory Chemistry Marisa Alviar-Agnew Henry Agnew CK-12 LibreTexts"): again no 1.E.
3. Visited the 13.6 Molarity page (Map: Introductory Chemistry (Tro)); nothing about 1.E.
4. web_search "1.E Exercises site:libretexts.org Marisa Alviar-Agnew Henry Agnew" found "1.E: Measurement and Problem Solving (Exercises)" at https://chem.libretexts.org/Courses/Pasadena_City_College/Chem_2A_(Ku)_Textbook/01%3A_Measurement_and_Problem_Solving/1.E%3A_Measurement_and_Problem_Solving_(Exercises) (CK-12, Alviar-Agnew & Agnew).
5. visit_webpage on that Pasadena page into exercise_page_content; printing the first 2000 characters showed the exercises, including one about an equine veterinarian.
6. Checked '"equine veterinarian" in exercise_page_content': it was found, but the surname is cut off at the end of the snippet.

Current state and next step: the right page is loaded. Step 7 (now): print exercise_page_content[:5000] to read the rest of the equine veterinarian exercise and take the surname; answer with the surname only via final_answer."""
P[S] = [
    "the page found and visited is named as the Pasadena City College '1.E: Measurement and Problem Solving (Exercises)'; it was the Chabot College '1.E: Exercises' page",
    "the first 2000 characters are said to show the exercises; they showed only navigation",
    "the 'equine veterinarian' check is said to have succeeded; it printed 'Not found in this snippet.'",
]

T[S, "keyword_dump"] = """1.E Exercises Marisa Alviar-Agnew Henry Agnew CK-12 LibreText Introductory Chemistry
web_search(query=search_query, filter_year=2023)
13.6: Specifying Solution Concentration- Molarity
https://chem.libretexts.org/Bookshelves/Introductory_Chemistry/Map%3A_Introductory_Chemistry_(Tro)/13%3A_Solutions/13.05%3A_Solution_Concentration-_Molarity
is shared under a CK-12 license and was authored, remixed, and/or curated by Marisa Alviar-Agnew & Henry Agnew
Introductory Chemistry Marisa Alviar-Agnew Henry Agnew CK-12 LibreTexts
1.E Exercises site:libretexts.org Marisa Alviar-Agnew Henry Agnew
1.E: Exercises - Chemistry LibreTexts
https://chem.libretexts.org/Courses/Chabot_College/Introduction_to_General_Organic_and_Biochemistry/01%3A_Chemistry_in_our_Lives/1.E%3A_Exercises
Date published: Aug 11, 2022
1.E: Measurement and Problem Solving (Exercises)
https://chem.libretexts.org/Courses/Pasadena_City_College/Chem_2A_(Ku)_Textbook/01%3A_Measurement_and_Problem_Solving/1.E%3A_Measurement_and_Problem_Solving_(Exercises)
exercise_page_content = visit_webpage(exercise_url)
print(exercise_page_content[:2000])
[Skip to main content](#elm-main-content "Press enter to skip to the main content")
search Searchbuild\\_circle  Toolbarfact\\_check Homeworkcancel Exit Reader Mode
if "equine veterinarian" in exercise_page_content:
Not found in this snippet."""

T[S, "stale"] = """Summary of the run so far (earlier messages were compacted):

Task (GAIA, verbatim): "What is the surname of the equine veterinarian mentioned in 1.E Exercises from the chemistry materials licensed by Marisa Alviar-Agnew & Henry Agnew under the CK-12 license in LibreText's Introductory Chemistry materials as compiled 08/21/2023?" I am a smolagents CodeAgent (gpt-4o): each step is text + a <code> block run by python_interpreter; tools web_search, visit_webpage, final_answer.

Steps so far:
1. web_search with filter_year=2023 for "1.E Exercises Marisa Alviar-Agnew Henry Agnew CK-12 LibreText Introductory Chemistry": only other sections (13.6 Specifying Solution Concentration- Molarity, 15.8 pH and pOH Calculations...).
2. A broader search ("Introductory Chemistry Marisa Alviar-Agnew Henry Agnew CK-12 LibreTexts"): again no 1.E section among the results.

Current state: the 1.E Exercises page has not been located. Next step: visit the 13.6 Molarity page of Map: Introductory Chemistry (Tro) (https://chem.libretexts.org/Bookshelves/Introductory_Chemistry/Map%3A_Introductory_Chemistry_(Tro)/13%3A_Solutions/13.05%3A_Solution_Concentration-_Molarity) to navigate from it to chapter 1 and its 1.E Exercises, then find the equine veterinarian and answer with the surname via final_answer."""

T[S, "vague_long"] = """Summary of the work so far:

The task is a lookup question about an open educational chemistry textbook. The user wants the surname of a veterinarian who works with horses and is mentioned in one of the end-of-chapter exercise sections of that textbook, in a version put together by two named authors under a particular open licence and compiled on a particular date. The answer is a single surname, to be given through the final-answer function.

The agent works by writing small Python snippets that call a search function and a page-reading function, and it has a limited number of steps, of which more than half are now used. Its first searches, one of them restricted to a recent year, returned other sections of the same authors' materials but not the exercise section in question. It opened one of those other sections anyway, hoping to navigate from there, but that did not lead anywhere.

A search restricted to the textbook platform's own website was more successful: it turned up an exercises page for the first chapter, credited to the same two authors under the same licence, though in a course collection of a particular college rather than clearly in the textbook named in the task, and a similar exercises page from another college. The agent opened the first of these. The beginning of the returned text, however, was only the website's header and navigation, and a check for the exact phrase describing the veterinarian did not find it in what had been retrieved.

So the answer has not been found yet, and there is some doubt whether the right version of the page has been reached. The next step is to look at a larger part of the retrieved page to get past the navigation, to search it for related words, and, if that fails, to find the exercises page of the named textbook itself."""

# ------------------------------------------------ code agent, MBTA stops, cut 22 of 31
S = "smol_code_mbta_stops.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-21 were compacted):

Task (GAIA, verbatim): "As of May 2023, how many stops are between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line (not included)?" I am a smolagents CodeAgent (gpt-4o): each step is Thought + a <code> block run by python_interpreter; tools web_search, visit_webpage, final_answer. 10-step limit; 7 steps used.

Steps so far:
1. My first reply had no code block: "Error in code parsing: Your code snippet is invalid, because the regex pattern <code>(.*?)</code> was not found in it." Every step needs Thought + <code>...</code>.
2. web_search("MBTA Franklin-Foxboro line schedule May 2023"): MBTA pages (https://www.mbta.com/schedules/CR-Franklin/line, https://www.mbta.com/foxboro, timetable links incl. date=2023-05-28) and a PDF timetable.
3. page_content = visit_webpage("https://www.mbta.com/schedules/CR-Franklin/line"): mostly menus, fares and footer.
4. re.compile(r"Stations([\\s\\S]+?)Fares") on it: only navigation fragments ('](/stops)[Destinations](/destinations)[Maps](/maps)...').
5. Regex r"(South Station[\\s\\S]+?Windsor Gardens)": [] (Windsor Gardens is not in the page).
6. visit_webpage("https://www.dbperry.net/MBTA/franklin/franklin_2023-05-22.pdf"): "Error fetching the webpage: 406 Client Error: Not Acceptable".
7. re.findall for station names in page_content: ['Franklin', 'Foxboro', ..., 'South Station', 'South Station']; no other stop names.

Conclusion: the MBTA line page as fetched has no stop list; the PDF is not reachable.

Current state and next step: no station list yet and no answer. Step 8 (now): web_search("MBTA Franklin-Foxboro line station stops list May 2023") for a third-party list; then the Wikipedia article https://en.wikipedia.org/wiki/Franklin/Foxboro_Line (station listing) is the likely source. List the stations in order from South Station to Windsor Gardens, count those strictly between, and call final_answer with the number. Only 3 steps remain."""

T[S, "faithful_short"] = """Compacted (messages 1-21): Task: number of stops strictly between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line as of May 2023; CodeAgent, 10 steps, 7 used (first reply failed: no <code> block). https://www.mbta.com/schedules/CR-Franklin/line loaded only menus: regexes for a Stations section, for "South Station...Windsor Gardens" ([]) and for station names found no stop list. The May 2023 PDF https://www.dbperry.net/MBTA/franklin/franklin_2023-05-22.pdf gave "406 Client Error: Not Acceptable". Next: web_search for a station list, likely Wikipedia's Franklin/Foxboro Line page, count, final_answer."""

T[S, "terse"] = """So far: the agent must count the stops between two stations of a Boston commuter-rail line as of May 2023, ends excluded. Its first reply was rejected for lacking code. The operator's line page loaded but gave no station list under several extraction attempts, and a timetable file could not be downloaded. No answer yet; next: search for another station list, probably an encyclopedia article, count and answer, with few steps left."""

T[S, "planted_errors"] = """Summary of the run so far (messages 1-21 were compacted):

Task (GAIA, verbatim): "As of May 2023, how many stops are between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line (not included)?" I am a smolagents CodeAgent (gpt-4o): each step is Thought + a <code> block run by python_interpreter; tools web_search, visit_webpage, final_answer. 10-step limit; 7 steps used.

Steps so far:
1. My first reply had no code block: "Error in code parsing: Your code snippet is invalid, because the regex pattern <code>(.*?)</code> was not found in it." Every step needs Thought + <code>...</code>.
2. web_search("MBTA Franklin-Foxboro line schedule May 2023"): MBTA pages (https://www.mbta.com/schedules/CR-Franklin/line, https://www.mbta.com/foxboro, timetable links incl. date=2023-05-28) and a PDF timetable.
3. page_content = visit_webpage("https://www.mbta.com/schedules/CR-Franklin/line"): mostly menus, fares and footer.
4. re.compile(r"Stations([\\s\\S]+?)Fares") on it: only navigation fragments.
5. Regex r"(South Station[\\s\\S]+?Windsor Gardens)": matched once, but the match was mostly navigation text.
6. visit_webpage("https://www.dbperry.net/MBTA/franklin/franklin_2023-05-22.pdf"): the PDF loaded; its May 22, 2023 timetable lists 8 stops between South Station and Windsor Gardens.
7. re.findall for station names in page_content: ['Franklin', 'Foxboro', ..., 'South Station', 'South Station'].

Conclusion: the May 2023 PDF gives 8 stops.

Current state and next step: the answer 8 is found but not submitted. Step 8 (now): a quick web_search("MBTA Franklin-Foxboro line station stops list May 2023") to cross-check against a third-party list such as https://en.wikipedia.org/wiki/Franklin/Foxboro_Line, then call final_answer(8). Only 3 steps remain."""
P[S] = [
    "the PDF visit is called successful with a count of 8; it failed with '406 Client Error: Not Acceptable' and no count was found",
    "the South Station...Windsor Gardens regex is said to have matched; it returned []",
    "the current state is 'answer 8 found'; in fact no station list or count exists yet (the true count is 10)",
]

T[S, "keyword_dump"] = """Error in code parsing:
Your code snippet is invalid, because the regex pattern <code>(.*?)</code> was not found in it.
results = web_search(query="MBTA Franklin-Foxboro line schedule May 2023")
https://www.mbta.com/schedules/CR-Franklin/line
https://www.mbta.com/foxboro
https://www.mbta.com/schedules/CR-Franklin/timetable?date=2023-05-28&date_select=true&direction_id=0&expanded=Franklin+Line&origin=place-bbsta
page_content = visit_webpage(url)
stations_pattern = re.compile(r"Stations([\\s\\S]+?)Fares", re.IGNORECASE)
['](/stops)[Destinations](/destinations)[Maps](/maps)\\n\\n[', '](/stops)[Destinations](/destinations)[Maps](/maps)\\n\\n[MBTA Stations](/stops)[Destinations](/destinations)[Maps](/maps)\\n\\n']
context_pattern = re.compile(r"(South Station[\\s\\S]+?Windsor Gardens)", re.IGNORECASE)
[]
url_pdf = "https://www.dbperry.net/MBTA/franklin/franklin_2023-05-22.pdf"
Error fetching the webpage: 406 Client Error: Not Acceptable for url: https://www.dbperry.net/MBTA/franklin/franklin_2023-05-22.pdf
station_segments = re.findall(r"\\b(?:South\\sStation|Windsor\\sGardens|Norfolk|Franklin|Foxboro)\\b", page_content)
['Franklin', 'Foxboro', 'Franklin', 'Foxboro', 'Franklin', 'Foxboro', 'Franklin', 'Franklin', 'Franklin', 'Foxboro', 'South Station', 'South Station']
Last output from code snippet:
None"""

T[S, "stale"] = """Summary of the run so far (earlier messages were compacted):

Task (GAIA, verbatim): "As of May 2023, how many stops are between South Station and Windsor Gardens on MBTA's Franklin-Foxboro line (not included)?" I am a smolagents CodeAgent (gpt-4o): each step is Thought + a <code> block run by python_interpreter; tools web_search, visit_webpage, final_answer. 10-step limit.

Steps so far:
1. My first reply had no code block: "Error in code parsing: Your code snippet is invalid, because the regex pattern <code>(.*?)</code> was not found in it."
2. web_search("MBTA Franklin-Foxboro line schedule May 2023"): MBTA pages (https://www.mbta.com/schedules/CR-Franklin/line, https://www.mbta.com/foxboro, timetable links incl. date=2023-05-28) and a PDF timetable.
3. page_content = visit_webpage("https://www.mbta.com/schedules/CR-Franklin/line"): a long page with menus, fares and footer; the station list should be in it somewhere.

Current state: page_content holds the MBTA line page. Next step: extract the list of stations from page_content (e.g. a regex for the section between "Stations" and "Fares"), count the stops strictly between South Station and Windsor Gardens, and answer with final_answer."""

T[S, "vague_long"] = """Summary of the work so far:

The task is a transit question: how many stops there are between two named stations on a commuter rail line serving Boston, as of a date in 2023, not counting the two stations themselves. The answer is a single number, to be submitted through the agent's final-answer function.

The agent works by writing short Python snippets that call a search function and a page-reading function, within a limited number of steps, most of which are now used. Its very first reply was rejected because it did not contain code in the required format, which cost a step. After that it searched the web and found the transit operator's pages for the line, several timetable links and a downloadable timetable document from a third-party site.

It loaded the operator's main page for the line. The text that came back was dominated by site navigation, fares information and footer links. The agent then tried several ways of extracting the list of stations from that text, using pattern matching on section headings, on the two station names and on a few station names it expected, but none of these produced a list of stops; the page as retrieved simply did not contain one. It also tried to open the timetable document directly, but the site refused the request.

So at this point no list of stations is available and no count has been made. The agent has decided to look elsewhere: its next move is another web search aimed at a complete station list from a third-party source, with an encyclopedia article about the line being the most likely candidate. Once it has the stations in order, it will count those between the two named stations and submit the number, keeping in mind that only a few steps remain."""
