# Hand-written replacements for L22. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = the verbatim strings of the keyword_dump (build_L22.py checks that each one occurs in
# messages 1..cut-1 of the session, text or tool-call name + arguments, and joins them with newlines).
T, P, K = {}, {}, {}

# ------------------------------------------------------------ verifiers wiki_search, gpt-4.1-mini, cut 14 of 21
S = "wiki_search_amex_warner_gpt41mini.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "What was the name of the joint venture formed by American Express and Warner Communications in 1979 that created MTV and Nickelodeon?" Tools: search_pages(query), view_sections(page_id), read_section(section_id) over a Wikipedia snapshot. The question is still unanswered.

What was done and found:
- search_pages "American Express Warner Communications joint venture 1979 MTV Nickelodeon" returned 10 pages: american_express, nickelodeon_movies, list_of_programs_broadcast_by_nickelodeon, aol, fox_broadcasting_company, at&t, sun_television, new_line_cinema, all_american__tv_series, hanna-barbera. No page for MTV, for Warner Communications or for the joint venture itself.
- view_sections("american_express") listed the sections: early_history, national_expansion, railroad_express_business, 1980s_to_present, shearson_lehman_hutton,_ids:_1981–1994, fees, finances, cards, travel, publishing and others.
- read_section("american_express:1980s_to_present") returned only the heading "### 1980s to present" with no body text: a dead end.
- Three more search_pages with reworded queries ("Warner Communications and American Express joint venture MTV Nickelodeon", "MTV and Nickelodeon history joint venture American Express Warner Communications", "MTV Nickelodeon joint venture American Express Warner Communications") returned essentially the same list (paramount_global and hulu were the only new pages). Nothing mentions the venture's name.

State and next step: about 7 tool calls so far, no evidence found. The agent is about to call view_sections("american_express") again to pick another section. Options not yet tried: reading nickelodeon_movies or paramount_global (Nickelodeon/MTV owner history), or another American Express section. The answer must be the venture's name, and no tool result has given it yet."""
T[S, "faithful_short"] = """Task (user): name the joint venture American Express and Warner Communications formed in 1979 that created MTV and Nickelodeon. Tools: search_pages, view_sections, read_section over a Wikipedia snapshot. Four search_pages queries (the first: "American Express Warner Communications joint venture 1979 MTV Nickelodeon", then three rewordings) all returned the same pages: american_express, nickelodeon_movies, list_of_programs_broadcast_by_nickelodeon, aol, at&t, new_line_cinema, hanna-barbera and, later, paramount_global and hulu; never an MTV, Warner or joint-venture page. view_sections("american_express") listed its ~40 sections; read_section("american_express:1980s_to_present") returned only the heading, empty. No answer found after 7 calls. Next: view_sections("american_express") again to pick another section, or try nickelodeon_movies / paramount_global."""
T[S, "terse"] = """The user asked for the name of the 1979 joint venture between American Express and Warner Communications that launched MTV and Nickelodeon. The agent searched the Wikipedia tool several times with reworded queries; results never included a page about MTV, Warner or the venture. It looked at the American Express article's sections and read one about the 1980s, which turned out empty. Nothing found yet; it is going back to the American Express section list."""
T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "What was the name of the joint venture formed by American Express and Warner Communications in 1979 that created MTV and Nickelodeon?" Tools: search_pages(query), view_sections(page_id), read_section(section_id) over a Wikipedia snapshot.

What was done and found:
- search_pages "American Express Warner Communications joint venture 1979 MTV Nickelodeon" returned 10 pages: american_express, nickelodeon_movies, list_of_programs_broadcast_by_nickelodeon, aol, fox_broadcasting_company, at&t, sun_television, new_line_cinema, all_american__tv_series, hanna-barbera. No page for MTV or Warner Communications.
- view_sections("nickelodeon_movies") listed its sections; the agent then moved to the American Express article.
- read_section("american_express:1980s_to_present") returned the 1980s history, which mentions the 1979 cable partnership with Warner Communications but not under a distinct name.
- Three more search_pages with reworded queries ("Warner Communications and American Express joint venture MTV Nickelodeon", "MTV and Nickelodeon history joint venture American Express Warner Communications", "MTV Nickelodeon joint venture American Express Warner Communications") returned essentially the same list (paramount_global and hulu were the only new pages).

State and next step: about 7 tool calls so far; the partnership is confirmed but its name is not. The agent is about to call view_sections("american_express") again to pick another section. Options not yet tried: nickelodeon_movies or paramount_global. The answer must be the venture's name, still unconfirmed."""
P[S] = [
    "view_sections was called on american_express (message 4), never on nickelodeon_movies",
    "read_section('american_express:1980s_to_present') returned only the heading, no text about a 1979 partnership (a failed read presented as a finding)",
]
T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "What was the name of the joint venture formed by American Express and Warner Communications in 1979 that created MTV and Nickelodeon?" Tools: search_pages, view_sections, read_section over a Wikipedia snapshot.

Progress: search_pages "American Express Warner Communications joint venture 1979 MTV Nickelodeon" returned 10 pages (american_express, nickelodeon_movies, list_of_programs_broadcast_by_nickelodeon, aol, fox_broadcasting_company, at&t, sun_television, new_line_cinema, all_american__tv_series, hanna-barbera); no MTV or Warner page. view_sections("american_express") listed the article's sections, among them early_history, 1980s_to_present, shearson_lehman_hutton,_ids:_1981–1994, travel and publishing. read_section("american_express:1980s_to_present") returned only the heading "### 1980s to present", no body.

Current state: the 1980s section was empty; next step is to try a different search query for the venture."""
T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked a factual question about the history of two large American companies that cooperated at the end of the 1970s to start well-known cable television channels, and wants the name under which that cooperation operated. The agent has a small set of tools for a stored copy of an online encyclopedia: one tool searches for article titles, one lists the sections of an article, and one returns the text of a single section.

So far the agent has worked through several rounds of searching. Its first query combined the company names, the year and the channel names. The results were dominated by pages that are only loosely related: articles about one of the companies, about other media businesses, about film studios and about lists of programmes. None of the results was an article about the channels themselves or about the partnership. The agent then opened the list of sections of the most promising company article and picked a section about the company's more recent history, hoping the partnership would be described there, but that section came back without any text. After that it tried several rephrasings of the search, putting the words in a different order or dropping some of them, and each time received almost the same set of pages, with only a couple of new media-company entries.

At this point no source consulted so far states the name that the user is asking for, and the agent has spent about half of its budget of tool calls. It is returning to the company article to look at other sections. Other reasonable options would be to open one of the media-company or channel-related articles that appeared in the results, or to look for a section specifically about the company's investments or partnerships. The final answer should be a short name, stated once a source confirms it."""
K[S] = [
    "What was the name of the joint venture formed by American Express and Warner Communications in 1979 that created MTV and Nickelodeon?",
    "search_pages {\"query\":\"American Express Warner Communications joint venture 1979 MTV Nickelodeon\"}",
    "{'page_id': 'nickelodeon_movies', 'title': 'Nickelodeon Movies'}",
    "view_sections {\"page_id\":\"american_express\"}",
    "'section_id': 'american_express:1980s_to_present'",
    "read_section {\"section_id\":\"american_express:1980s_to_present\"}",
    "### 1980s to present",
    "{\"query\":\"Warner Communications and American Express joint venture MTV Nickelodeon\"}",
    "{\"query\":\"MTV and Nickelodeon history joint venture American Express Warner Communications\"}",
    "{\"query\":\"MTV Nickelodeon joint venture American Express Warner Communications\"}",
    "{'page_id': 'paramount_global', 'title': 'Paramount Global'}",
    "{'page_id': 'hulu', 'title': 'Hulu'}",
]

# ------------------------------------------------------------ verifiers wiki_search, gpt-5-nano, cut 14 of 21
S = "wiki_search_commonwealth_gpt5nano.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "In what year was the Commonwealth of Nations formally constituted by the London Declaration?" Tools: search_pages, view_sections, read_section over a Wikipedia snapshot. Not answered yet.

Done and found:
- search_pages "London Declaration Commonwealth of Nations formally constituted year" -> top hit commonwealth_of_nations (others irrelevant: United States Declaration of Independence, League of Nations, ...).
- view_sections("commonwealth_of_nations") -> sections include history, origins_of_the_concept_and_establishment_of_the_term, adoption_and_formalisation_of_the_commonwealth, decolonisation_and_self-governance, republics, new_commonwealth, structure, membership, ...
- read_section(origins_of_the_concept_and_establishment_of_the_term): Lord Rosebery used "Commonwealth of Nations" in 1884; colonial conferences from 1887, Imperial Conferences from 1911; Jan Smuts coined "the British Commonwealth of Nations" in 1917; the term first got statutory recognition in the Anglo-Irish Treaty of 1921. No London Declaration.
- search_pages with "1949" added -> same pages; view_sections again (same list).
- read_section(adoption_and_formalisation_of_the_commonwealth): Balfour Declaration 1926 ("equal in status..."), Statute of Westminster 1931; Newfoundland suspended self-government 1934 and joined Canada in 1949; Australia ratified in 1942, New Zealand in 1947; South Africa's Status of the Union Act 1934. Still no mention of the London Declaration.

State: the year the agent suspects (1949, put into its own queries) is not yet confirmed by any section it read; the 1949 it saw concerns Newfoundland. Next: it is searching again ("London Declaration 1949 Commonwealth of Nations formalised year"). The section most likely to hold the answer, "republics" (India's membership as a republic), has not been read."""
T[S, "faithful_short"] = """Task (user): the year the Commonwealth of Nations was formally constituted by the London Declaration. Tools: search_pages, view_sections, read_section. search_pages found commonwealth_of_nations; view_sections listed history, origins..., adoption_and_formalisation..., decolonisation..., republics, etc. Origins section: Rosebery 1884, Imperial Conferences 1911, Smuts coined "British Commonwealth of Nations" 1917, Anglo-Irish Treaty 1921. A second search with "1949" added gave the same pages. Adoption section: Balfour Declaration 1926, Statute of Westminster 1931, Australia ratified 1942, NZ 1947, Newfoundland joined Canada 1949. Neither section mentions the London Declaration; 1949 is only the agent's guess in its queries. Next: another search is under way; the "republics" section, the likeliest source, is still unread."""
T[S, "terse"] = """The user wants the year the Commonwealth of Nations was formally set up by the London Declaration. The agent found the Commonwealth article and read its sections on the origins of the term and on the adoption and formalisation of the Commonwealth (earlier interwar milestones), but neither mentions the London Declaration. It suspects a year but has no confirmation, and is searching again; a more relevant section of the article is still unread."""
T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "In what year was the Commonwealth of Nations formally constituted by the London Declaration?" Tools: search_pages, view_sections, read_section over a Wikipedia snapshot.

Done and found:
- search_pages "London Declaration Commonwealth of Nations formally constituted year" -> top hit commonwealth_of_nations.
- view_sections("commonwealth_of_nations") -> sections include history, origins_of_the_concept_and_establishment_of_the_term, adoption_and_formalisation_of_the_commonwealth, decolonisation_and_self-governance, republics, new_commonwealth, structure, membership, ...
- read_section(origins_of_the_concept_and_establishment_of_the_term): Lord Rosebery used "Commonwealth of Nations" in 1884; Imperial Conferences from 1911; Jan Smuts coined "the British Commonwealth of Nations" in 1921, the year of the Anglo-Irish Treaty.
- search_pages with "1949" added -> same pages; view_sections again.
- read_section(republics): Balfour Declaration 1926, Statute of Westminster 1931; Australia ratified in 1942, New Zealand in 1947; it states that the London Declaration of 1949 formally constituted the modern Commonwealth.

State: the answer 1949 is confirmed by the section read. Next: the agent is running one more confirming search ("London Declaration 1949 Commonwealth of Nations formalised year") before answering."""
P[S] = [
    "Smuts coined the term in 1917 per the section; 1921 is the Anglo-Irish Treaty (wrong value)",
    "the second section read was adoption_and_formalisation_of_the_commonwealth, not republics (wrong id); the republics section was never read",
    "no section read mentions the London Declaration: 1949 is not confirmed (unfound evidence presented as found)",
]
T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "In what year was the Commonwealth of Nations formally constituted by the London Declaration?" Tools: search_pages, view_sections, read_section.

Progress: search_pages "London Declaration Commonwealth of Nations formally constituted year" -> commonwealth_of_nations (plus irrelevant pages such as League of Nations). view_sections("commonwealth_of_nations") listed history, origins_of_the_concept_and_establishment_of_the_term, adoption_and_formalisation_of_the_commonwealth, decolonisation_and_self-governance, republics, etc. read_section(origins_of_the_concept_and_establishment_of_the_term): Rosebery 1884, conferences from 1887 and 1911, Smuts coined "the British Commonwealth of Nations" in 1917, Anglo-Irish Treaty 1921. No London Declaration there.

Current state: next step is to read a later history section of the article."""
T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked a short historical question: in which year an international association of states was formally established by a particular declaration signed in a European capital. The agent has tools to search a stored encyclopedia for article titles, list an article's sections, and read one section at a time.

Its first search found the main article about the association near the top of the results, surrounded by unrelated articles about other declarations and international bodies. The agent listed the article's sections, which cover the association's history in several parts, followed by its structure, membership rules, politics and economy. It first read the part about the origins of the concept and the name, which traces the idea back to the late nineteenth century and through a series of conferences and treaties in the early twentieth century, including the moment when the modern name was coined and first recognised in law. That section did not mention the declaration the user asked about.

The agent then repeated its search with a candidate year added to the query, got the same results, listed the sections again and read the part about the adoption and formalisation of the association. That section describes the interwar agreements that defined the members' equal status and the later ratification of those arrangements by several members, with dates, but again it says nothing about the declaration in question. A year that appears there refers to something else.

So the agent has a suspicion about the answer but no confirming passage. It is now searching once more. A section that deals with members becoming republics, which is where the declaration would most plausibly be described, has not been opened yet. The answer should be a single year, given once a section confirms it."""
K[S] = [
    "In what year was the Commonwealth of Nations formally constituted by the London Declaration?",
    "{\"query\":\"London Declaration Commonwealth of Nations formally constituted year\"}",
    "view_sections {\"page_id\":\"commonwealth_of_nations\"}",
    "'section_id': 'commonwealth_of_nations:republics'",
    "{\"section_id\":\"commonwealth_of_nations:origins_of_the_concept_and_establishment_of_the_term\"}",
    "A specific proposal was presented by [Smuts](Jan)(Jan Smuts) in 1917",
    "The term first received imperial statutory recognition in the [Treaty](Anglo-Irish)(Anglo-Irish Treaty) of 1921",
    "{\"query\":\"London Declaration year formally constituted Commonwealth of Nations London Declaration 1949\"}",
    "{\"section_id\":\"commonwealth_of_nations:adoption_and_formalisation_of_the_commonwealth\"}",
    "These aspects to the relationship were formalised by the [of Westminster](Statute)(Statute of Westminster 1931) in 1931",
    "Newfoundland later joined Canada as its [province](tenth)(Provinces and territories of Canada) in 1949",
]

# ------------------------------------------------------------ verifiers wiki_search, gpt-5-mini, cut 12 of 21
S = "wiki_search_titan_sports_gpt5mini.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "In what year did Vince McMahon officially found Titan Sports?" Tools: search_pages, view_sections, read_section over a Wikipedia snapshot. Not answered yet.

Done and found:
- search_pages (long query with "Titan Sports", "1980 1982", "Titan Sports Ltd") -> vince_mcmahon first; the rest irrelevant (titans__2018_tv_series, wwe_championship, mr._olympia, all_elite_wrestling, ...). No page for Titan Sports or for WWE the company.
- view_sections("vince_mcmahon") -> early_life, business_career, early_business_dealings, world_wrestling_federation/world_wrestling_entertainment/wwe_(1982–present), purchase_and_1980s_wrestling_boom, business_decline_and_the_attitude_era, company_name_change_..., other_business_dealings, ...
- read_section(".../wwe_(1982–present)") -> heading only, empty.
- read_section("vince_mcmahon:purchase_and_1980s_wrestling_boom") -> McMahon purchased the WWF in 1982; WWF split from the NWA in 1983; recruited Hulk Hogan in 1984; first WrestleMania March 31, 1985 at Madison Square Garden; WrestleMania III in 1987 drew 93,173 at the Pontiac Silverdome. No mention of Titan Sports or of when it was founded.
- read_section("vince_mcmahon:business_career") -> heading only, empty.

State: three section reads, two of them empty parent headings; the founding year is not found (1982 is the WWF purchase, not Titan Sports' founding). Next: the agent is starting a new search_pages for "Titan Sports founded ...". Not yet read: early_business_dealings (the subsection before the WWF purchase, the likeliest place for Titan Sports) and the article's lead section."""
T[S, "faithful_short"] = """Task (user): the year Vince McMahon officially founded Titan Sports. Tools: search_pages, view_sections, read_section. Search returned vince_mcmahon and unrelated pages; no Titan Sports or WWE page. view_sections("vince_mcmahon") listed early_life, business_career, early_business_dealings, wwe_(1982–present), purchase_and_1980s_wrestling_boom, etc. Sections read: ".../wwe_(1982–present)" and "business_career" were empty headings; "purchase_and_1980s_wrestling_boom" says he bought the WWF in 1982, split from the NWA 1983, recruited Hogan 1984, first WrestleMania March 31, 1985, WrestleMania III 1987 (93,173), but never mentions Titan Sports. Founding year not found; 1982 is the purchase, not the founding. Next: a new search for Titan Sports is starting; early_business_dealings is still unread."""
T[S, "terse"] = """The user asked in which year Vince McMahon founded Titan Sports. The only relevant article the search tool returns is McMahon's biography. The agent listed its sections and read three: two were empty parent headings and one covers his purchase of the wrestling federation and the 1980s boom, with no word on Titan Sports. The year is still unknown; the agent is starting a new search, with an earlier business section still unread."""
T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "In what year did Vince McMahon officially found Titan Sports?" Tools: search_pages, view_sections, read_section over a Wikipedia snapshot.

Done and found:
- search_pages (long query with "Titan Sports", "1980 1982", "Titan Sports Ltd") -> vince_mcmahon first, then a titan_sports page and unrelated ones (wwe_championship, mr._olympia, all_elite_wrestling, ...).
- view_sections("vince_mcmahon") -> early_life, business_career, early_business_dealings, world_wrestling_federation/world_wrestling_entertainment/wwe_(1982–present), purchase_and_1980s_wrestling_boom, ...
- read_section(".../wwe_(1982–present)") -> heading only, empty.
- read_section("vince_mcmahon:purchase_and_1980s_wrestling_boom") -> McMahon purchased the WWF in 1984; WWF split from the NWA in 1983; first WrestleMania March 31, 1985 at Madison Square Garden; WrestleMania III in 1987 drew 93,173 at the Pontiac Silverdome. No mention of Titan Sports.
- read_section("vince_mcmahon:business_career") -> says McMahon and his wife founded Titan Sports in 1980.

State: the answer (1980) is found in business_career. Next: the agent is running one more search for "Titan Sports founded ..." to confirm before answering."""
P[S] = [
    "no titan_sports page appeared in the search results (only vince_mcmahon and unrelated pages)",
    "the section says he purchased the WWF in 1982; 1984 is when he recruited Hulk Hogan (wrong value)",
    "read_section('vince_mcmahon:business_career') returned only the heading; nothing about Titan Sports or 1980 was found (failed step presented as success)",
]
T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "In what year did Vince McMahon officially found Titan Sports?" Tools: search_pages, view_sections, read_section.

Progress: search_pages (query with "Titan Sports", "1980 1982", "Titan Sports Ltd") -> vince_mcmahon first; no Titan Sports page. view_sections("vince_mcmahon") -> early_life, business_career, early_business_dealings, world_wrestling_federation/world_wrestling_entertainment/wwe_(1982–present), purchase_and_1980s_wrestling_boom, and later eras. read_section(".../wwe_(1982–present)") returned only the heading, no text.

Current state: next step is to read the subsection purchase_and_1980s_wrestling_boom."""
T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked a single factual question: in which year a well-known professional wrestling executive officially founded a particular company. The agent works with tools over a stored copy of an encyclopedia: a title search, a list of an article's sections, and a reader for one section.

The first search, which packed several candidate years and name variants into one long query, returned the executive's biography at the top, followed by unrelated articles about a television series, championships, other promotions and sports figures. There was no separate article about the company in the results. The agent listed the biography's sections: early life, business career with several subsections, a long series of sections about the wrestling company's eras, and sections about the executive's on-screen career.

It then read several sections. Two of them turned out to be parent headings with no text of their own, so they gave nothing. The one substantive section it read describes how the executive took over the family wrestling business at the start of the 1980s and turned it into a national entertainment brand over the decade, with several dates and figures about events and audiences. However, that section does not mention the company named in the question or when it was founded, and the year of the takeover it gives is a different event from the founding the user asked about.

So the answer is still unknown. The agent is now starting another search aimed directly at the company's founding. An earlier subsection about the executive's first business dealings, which is the most plausible place for the founding to be described, has not been opened yet, nor has the article's introduction. The final answer should be a single year once a passage confirms it."""
K[S] = [
    "In what year did Vince McMahon officially found Titan Sports?",
    "Vince McMahon Titan Sports officially founded year Titan Sports founding Vince McMahon 1980 1982 Titan Sports Ltd history Wikipedia",
    "view_sections {\"page_id\":\"vince_mcmahon\"}",
    "'section_id': 'vince_mcmahon:early_business_dealings'",
    "{\"section_id\":\"vince_mcmahon:world_wrestling_federation/world_wrestling_entertainment/wwe_(1982–present)\"}",
    "{\"section_id\":\"vince_mcmahon:purchase_and_1980s_wrestling_boom\"}",
    "When he purchased the WWF in 1982, professional wrestling was a business run by regional promotions.",
    "In 1984, he recruited [Hogan](Hulk)(Hulk Hogan)",
    "On March 31, 1985, he ran [first WrestleMania](the)(WrestleMania I)",
    "In 1987, the WWF reportedly drew 93,173 fans",
    "{\"section_id\":\"vince_mcmahon:business_career\"}",
    "## Business career",
]

# ------------------------------------------------------------ WebVoyager Google Flights--8, cut 16 of 23
S = "webvoyager_google_flights_8.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "Search a one-way filght from Dublin To Athens Greece for 1 Adult that leaves on December 30 and analyse the price graph for the next 2 months." Site: https://www.google.com/travel/flights/. The agent (WebVoyager, GPT-4V) acts one step at a time with "Thought: ... Action: Click [N] / Type [N]; text / Scroll / ANSWER; ...", where N is a numerical label on the screenshot; screenshots of earlier steps are omitted from the context.

Steps done (all on the Google Flights search form):
1. Click [10] opened the trip-type dropdown ("Round trip", "One way", "Multi-city").
2. Click [12] selected "One way".
3. Type [13]; Dublin: departure box.
4. Type [14]; Athens, Greece: destination box ("Athens" accepted).
5. Click [16] opened the Departure date picker (calendar view).
6. Click [41] selected December 30 (label 41 in the December month on the left).
7. Click [78] "Done" confirmed the date.
Passengers: 1 (default); no error so far.

State at the cut: the form is filled (one way, Dublin -> Athens, Dec 30, 1 passenger); the search has NOT been run yet. Next: click the Search button (label 19 on the current screen), then open the "Price graph" view of the results and read prices for roughly the next two months (into late February), then ANSWER with the trend, ideally cheapest/most expensive dates and prices."""
T[S, "faithful_short"] = """Task (user): on Google Flights (https://www.google.com/travel/flights/), search a one-way flight Dublin -> Athens, Greece for 1 adult leaving December 30, then analyse the price graph for the next 2 months. The agent answers each screenshot with "Thought/Action" on numbered labels. Done: Click [10] opened the trip-type menu and Click [12] chose "One way"; Type [13]; Dublin; Type [14]; Athens, Greece; Click [16] opened the date picker, Click [41] picked December 30, Click [78] "Done" confirmed it. One passenger by default; no errors. The form is complete but the search has not been run. Next: click Search ([19]), open "Price graph", scroll through about two months, and ANSWER with the price trend."""
T[S, "terse"] = """The user wants a one-way flight search from Dublin to Athens for one adult leaving on December 30, and an analysis of the price graph over the following two months. The agent switched the trip type to one way, entered both cities and picked the date in the calendar, confirming it. The search itself has not been launched yet; next it will run it, open the price graph and report the price trend."""
T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "Search a one-way filght from Dublin To Athens Greece for 1 Adult that leaves on December 30 and analyse the price graph for the next 2 months." Site: https://www.google.com/travel/flights/. The agent acts with "Thought: ... Action: Click [N] / Type [N]; text / ANSWER; ...", N being labels on the screenshot.

Steps done:
1. Click [10] opened the trip-type dropdown ("Round trip", "One way", "Multi-city").
2. Click [12] selected "Multi-city".
3. Type [13]; Athens, Greece: first box.
4. Type [14]; Dublin: second box.
5. Click [16] opened the Departure date picker.
6. Click [41] selected December 30.
7. Click [78] ran the search; the results list for Dec 30 is displayed.
Passengers: 1 (default).

State at the cut: results for Dublin-Athens on Dec 30 are on screen. Next: open the "Price graph" view, read prices for the next two months, then ANSWER with the trend."""
P[S] = [
    "Click [12] selected 'One way', not 'Multi-city' (swapped choice)",
    "Dublin was typed into [13] (departure) and Athens, Greece into [14] (destination): swapped",
    "Click [78] was 'Done' on the date picker; the search has not been run yet (the agent is about to click Search [19])",
]
T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "Search a one-way filght from Dublin To Athens Greece for 1 Adult that leaves on December 30 and analyse the price graph for the next 2 months." Site: https://www.google.com/travel/flights/.

Progress: Click [10] opened the trip-type dropdown (Round trip / One way / Multi-city); Click [12] selected "One way"; Type [13]; Dublin entered the departure city; Type [14]; Athens, Greece entered the destination.

Current state: cities are set; next step is to set the departure date to December 30 in the date picker."""
T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked the agent to use a flight search website to look up a single-direction flight between two European cities for one adult on a specific date near the end of the year, and then to study the site's price chart for the following couple of months. The agent is a web-browsing agent that sees a labelled screenshot at each step and replies with a short thought and one action such as clicking an element, typing into a box, scrolling or answering.

It began on the site's search form. It first changed the trip type from the default to a single-direction trip by opening the corresponding menu and choosing the right option. It then typed the departure city into the origin field and the destination city into the destination field; the site accepted both. Next it opened the departure date field, which showed a calendar, found the requested day in the correct month and selected it, and then confirmed the date with the calendar's confirmation button. The number of passengers was already correct by default, so it did not need to change it. Every step worked as expected and no error or unexpected page has appeared.

At this point the search form appears to be completely filled in with the requested options, but the search has not actually been submitted, so no flight results or prices have been seen yet. The next steps are to submit the search, find the view on the results page that shows prices over a range of dates, move through that chart far enough to cover about two months after the travel date, and then give an answer that describes how prices change over that period, ideally mentioning the cheaper and more expensive dates."""
K[S] = [
    "Search a one-way filght from Dublin To Athens Greece for 1 Adult that leaves on December 30 and analyse the price graph for the next 2 months.",
    "https://www.google.com/travel/flights/",
    "Let's start by changing from \"Round trip\" to \"One way\".",
    "Action: Click [10]",
    "showing \"Round trip,\" \"One way,\" and \"Multi-city\" as options",
    "Action: Click [12]",
    "Action: Type [13]; Dublin",
    "Action: Type [14]; Athens, Greece",
    "Action: Click [16]",
    "the option for December 30th has the label 41",
    "Action: Click [41]",
    "clicking the \"Done\" button to confirm the date",
    "Action: Click [78]",
]

# ------------------------------------------------------------ WebVoyager Cambridge Dictionary--29, cut 14 of 25
S = "webvoyager_cambridge_dictionary_29.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "Go to the Plus section of Cambridge Dictionary, find Image quizzes and do an easy quiz about Animals and tell me your final score." Site: https://dictionary.cambridge.org/. The agent (WebVoyager, GPT-4V) acts one step at a time ("Thought: ... Action: Click [N] / ... / ANSWER; ..."), N being numerical labels on the screenshot; earlier screenshots are omitted.

Steps done:
1. Click [24]: the promo element "Free word lists and quizzes to create, download and share!" (taken as the way into +Plus).
2. Click [25]: "Go to + Plus".
3. The +Plus page showed the "Word Scramble" game, not the target; Click [21] opened "Contents".
4. Click [3]: menu item "Image quizzes".
5. Image quizzes page with an "Animals" subsection; no element was explicitly labelled "Easy", so the agent assumed the first Animals quiz is the easy one and clicked [22] (an assumption, not verified).
6. Quiz started ("Which word matches the image?"). Question 1: an elephant; clicked [25] "elephant".

State at the cut: in the Animals image quiz, question 2 is on screen (a lion; options elephant, mouse, lion). Score so far: presumably 1 correct, not yet confirmed by the page. Next: answer each question by matching the picture ([27] "lion" now), continue to the last question, then read the final score from the result page and ANSWER with it."""
T[S, "faithful_short"] = """Task (user): on https://dictionary.cambridge.org/ go to the +Plus section, find Image quizzes, do an easy quiz about Animals and report the final score. The agent answers each screenshot with "Thought/Action" on numbered labels. Done: Click [24] on the "Free word lists and quizzes" promo, Click [25] "Go to + Plus"; the page showed Word Scramble, so Click [21] "Contents", then Click [3] "Image quizzes"; Click [22] the first Animals quiz (assumed to be the easy one: no "Easy" label was visible). Quiz started; question 1 (elephant) answered with [25]. Now on question 2 (lion). Next: answer the remaining questions by matching the pictures, then read and report the final score."""
T[S, "terse"] = """The user wants the agent to open the dictionary site's premium area, find the picture quizzes, take an easy quiz about animals and report the score. The agent reached the area after one detour to a word game, opened the contents menu, found the picture quizzes and started an animals quiz it assumed was the easy one. It answered the first question and is now on the second; the score will be read at the end."""
T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user, message 1): "Go to the Plus section of Cambridge Dictionary, find Image quizzes and do an easy quiz about Animals and tell me your final score." Site: https://dictionary.cambridge.org/. The agent acts with "Thought: ... Action: Click [N] / ANSWER; ...".

Steps done:
1. Click [25]: the promo element "Free word lists and quizzes to create, download and share!".
2. Click [24]: "Go to + Plus".
3. The +Plus page showed the "Word Scramble" game; Click [21] opened "Contents".
4. Click [3]: menu item "Image quizzes".
5. Image quizzes page; the agent chose the Animals quiz in the section labelled "Easy" and clicked [22].
6. Quiz started. Question 1: a lion; clicked [25] "lion".

State at the cut: question 2 is on screen. Next: answer each question by matching the picture, then read the final score and ANSWER with it."""
P[S] = [
    "question 1 showed an elephant and the agent clicked 'elephant'; the lion is question 2 (wrong record)",
    "no element was labelled 'Easy': the agent assumed the first Animals quiz was easy (an assumption presented as verified)",
    "the promo was [24] and 'Go to + Plus' was [25] (ids swapped)",
]
T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "Go to the Plus section of Cambridge Dictionary, find Image quizzes and do an easy quiz about Animals and tell me your final score." Site: https://dictionary.cambridge.org/.

Progress: Click [24] on the promo "Free word lists and quizzes to create, download and share!"; Click [25] "Go to + Plus"; the +Plus page showed the "Word Scramble" game, not the target, so the agent clicked [21] "Contents" to find the Image quizzes section.

Current state: the Contents menu is opening; next step is to choose "Image quizzes" there."""
T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked the agent to go to the premium learning area of an online dictionary, find its picture-based quizzes, take an easy quiz on a particular topic, and report the final score. The agent is a browsing agent that sees a labelled screenshot at each step and replies with a thought and a single action.

Starting from the dictionary's home page, the agent could not see an explicit link to the premium area, so it clicked a promotional element about free word lists and quizzes, which led to a page with a direct link into that area, and followed it. The page it landed on featured a word game rather than the quizzes, so it opened the site's contents menu, which listed the different kinds of activities, and chose the picture quizzes. The quiz page grouped quizzes by topic; the requested topic was there, but the difficulty levels were not clearly attached to clickable elements, so the agent picked the first quiz in the topic on the assumption that it was the easy one.

The quiz then started. Each question shows a picture and asks which of a few words matches it. The agent answered the first question by choosing the word that matches the animal in the picture, and the next question has appeared. No score has been shown yet and nothing has gone wrong apart from the detour through the word game.

The remaining work is to answer the rest of the questions in the same way, reach the results screen at the end of the quiz, read the score shown there, and give that score as the answer. It would also be worth noting, if possible, whether the quiz taken was indeed the easy level."""
K[S] = [
    "Go to the Plus section of Cambridge Dictionary, find Image quizzes and do an easy quiz about Animals and tell me your final score.",
    "https://dictionary.cambridge.org/",
    "\"Free word lists and quizzes to create, download and share!\"",
    "Action: Click [24]",
    "There is a direct link to the Plus section of the Cambridge Dictionary indicated by the label \"Go to + Plus\".",
    "Action: Click [25]",
    "a game called \"Word Scramble,\" which is not the target content",
    "Action: Click [21]",
    "The menu has appeared and includes the option \"Image quizzes,\"",
    "Action: Click [3]",
    "selecting the first quiz under the \"Animals\" subsection is likely to correspond with the easy difficulty level",
    "Action: Click [22]",
    "The image shown is that of an elephant",
]
