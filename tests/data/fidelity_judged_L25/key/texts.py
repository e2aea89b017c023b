# Hand-written replacements for L25. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = the verbatim strings of the keyword_dump (build_L25.py checks that each one occurs in
# messages 1..cut-1 of the session, text or tool-call name + arguments, and joins them with newlines).
T, P, K = {}, {}, {}

# ------------------------------------------------------------ TapeAgents WorkArena order-ipad-pro, cut 22 of 30
S = "tapeagents_workarena_order_ipad_pro.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 2): in the ServiceNow catalog, order 6 "iPad pro" with configuration {'Choose the colour': 'Silver', 'Choose the storage': '128'}. The agent (TapeAgents WorkArenaAgent) acts with JSON actions on element BIDs and gets the page's accessibility tree back.

What happened:
- Started on "Catalog | ServiceNow". Plan: search "iPad pro", open the item, choose Silver and 128 GB, set quantity 6, order, confirm.
- input_text_action into the search combobox a85 ("iPad pro"): suggestion list appeared.
- select_option_action on a85 with option "iPad pro" FAILED: "Error: Element is not a <select> element" (a85 is an input/combobox, not a select).
- Recovered with press_action Enter on a85: search results page with the "iPad pro" link a146.
- click_action a146: the iPad pro product page opened. Options: colour radios Space Grey (a178) and Silver (a183); storage radios 128 GB (a199), 256 GB [add $100.00] (a202), 512 GB [add $300.00] (a205); Price $799.00 + $30.00; Quantity combobox a243 (value '1'); Order Now button a284.
- click_action a183 (Silver), then click_action a199 (128 GB). The agent reported both as selected.

Current state (important): the page text after both clicks still shows Space Grey checked='true' (focused) and Silver checked='false'; 128 GB is checked='true' (it was already checked before the click). So the colour is probably NOT Silver yet, although the agent's reflections say it is. Quantity is still 1. Nothing has been ordered.

Next step: the agent plans to select 6 in the quantity dropdown a243 and then click Order Now (a284). Before ordering it should re-check the colour radio and click Silver (a183) again if it is still unchecked, so the order is 6 x iPad pro, Silver, 128 GB."""

T[S, "faithful_short"] = """Summary so far: task = order 6 "iPad pro" in the ServiceNow catalog with colour Silver and storage 128. The agent typed "iPad pro" into search box a85; select_option on a85 failed ("Element is not a <select> element"), so it pressed Enter, then opened the item (link a146). On the product page it clicked Silver (a183) and 128 GB (a199). The page still shows Space Grey checked='true' and Silver checked='false' (128 GB checked), although the agent believes Silver is selected. Quantity combobox a243 is still 1; price $799.00 + $30.00; Order Now is a284. Next: set quantity 6, make sure Silver is really selected, then order."""

T[S, "terse"] = """Summary so far: the agent is ordering several tablets with a given colour and storage in a company's web catalog. It searched for the product (one way of picking the search suggestion failed, another worked), opened the product page and clicked the colour and storage options. The storage is set; the colour may not have taken effect although the agent thinks it did. The quantity is not set yet and nothing is ordered."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 2): in the ServiceNow catalog, order 6 "iPad pro" with configuration {'Choose the colour': 'Silver', 'Choose the storage': '128'}. The agent (TapeAgents WorkArenaAgent) acts with JSON actions on element BIDs and gets the page's accessibility tree back.

What happened:
- Started on "Catalog | ServiceNow". Plan: search "iPad pro", open the item, choose Silver and 128 GB, set quantity 6, order, confirm.
- input_text_action into the search combobox a85 ("iPad pro"): suggestion list appeared.
- select_option_action on a85 with option "iPad pro" worked and opened the search results.
- press_action Enter on a85 was not needed; the results page showed the "iPad pro" link a146.
- click_action a146: the iPad pro product page opened. Options: colour radios Space Grey (a178) and Silver (a183); storage radios 128 GB (a199), 256 GB [add $100.00] (a202), 512 GB [add $300.00] (a205); Price $799.00 + $30.00; Quantity combobox a243 (value '1'); Order Now button a284.
- click_action a183 (Silver), then click_action a199 (128 GB).

Current state: the page now shows Silver checked='true' and 128 GB checked='true', so the configuration is complete and confirmed by the page. Quantity is still 1. Nothing has been ordered.

Next step: select 6 in the quantity dropdown a284 and then click Order Now, so the order is 6 x iPad pro, Silver, 128 GB."""
P[S] = [
    "the select_option_action on a85 'worked' (it failed: 'Element is not a <select> element'; Enter was what opened the results)",
    "the page 'shows Silver checked=true' (after the clicks it still shows Space Grey checked='true' and Silver checked='false')",
    "the quantity dropdown is given as a284 (a284 is the Order Now button; the quantity combobox is a243)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task: in the ServiceNow catalog, order 6 "iPad pro" with configuration {'Choose the colour': 'Silver', 'Choose the storage': '128'}. The agent (TapeAgents WorkArenaAgent) acts with JSON actions on element BIDs and gets the page's accessibility tree back.

- The session started on "Catalog | ServiceNow", a catalog page with a search combobox (BID a85) and a search-context combobox (115); no hardware items are visible on the page.
- The agent's plan: 1) search "iPad pro" in the catalog search bar, 2) select the product, 3) choose Silver and 128GB, 4) set quantity 6, 5) complete the order; done when the order confirmation shows.
- input_text_action typed "iPad pro" into a85; a suggestion list with an "iPad pro" option appeared.
- select_option_action on a85 with option "iPad pro" failed: "Error: Element is not a <select> element" (a85 is an input combobox).

Current state: "iPad pro" is typed in the search box and the suggestion is showing, but no product page has been opened; no option is chosen and nothing is ordered.

Next step: press Enter in a85 to submit the search, open the iPad pro item, then choose Silver and 128 GB, set quantity 6 and order."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is working through an ordering task in a corporate self-service web catalog. The user asked it to buy a certain number of units of a specific tablet in a particular configuration, with both a colour and a storage size given. The agent works by reading a text rendering of the current web page and issuing actions such as typing, pressing keys, selecting options and clicking on elements.

So far the agent has made steady progress. It began on the catalog's landing page, made a plan covering the search, the choice of product, the configuration, the quantity and the final order, and then used the catalog's search feature to look for the product. One of its first attempts to interact with the search suggestions did not work as intended, because the element it was using did not support that kind of action, so it switched to another way of submitting the search, which brought up the results. From there it opened the product's page, which lists the available options, the price and a quantity field, along with a button to place the order.

On the product page the agent has begun configuring the item by clicking on the options the user asked for. It believes the configuration is done, although the page's own indication of which options are selected should be looked at carefully before relying on it, since not every click necessarily takes effect. The quantity has not been changed from its default yet, and no order has been placed.

The remaining work is to set the requested quantity, make sure the configuration on the page really matches the request, and then submit the order and check the confirmation page for the request number."""

K[S] = [
    "{'Choose the colour': 'Silver', 'Choose the storage': '128'}",
    "\"kind\": \"input_text_action\"",
    "\"bid\": \"a85\"",
    "Error: Error: Element is not a <select> element",
    "\"key_comb\": \"Enter\"",
    "\"bid\": \"a146\"",
    "Space Grey, focused, checked='true'",
    "Silver, checked='false'",
    "128 GB, checked='true'",
    "BID:a243 combobox Quantity value='1'",
    "$799.00",
    "BID:a284 button Order Now",
    "\"bid\": \"a183\"",
    "\"bid\": \"a199\"",
]

# ------------------------------------------------------------ ljoukov gpt-5.3-codex GCSE chemistry run 2, cut 40 of 57
S = "ljoukov_gpt53codex_gcse_chemistry_run2.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex). TASK.md (task gcse-chemistry-8-9): solve the six problems in input/report.md and write output/problem_01.json ... output/problem_06.json, each valid against schemas/problem_0N.schema.json (problem_id "P0N"; final_answer {value number, units, precision_note 8-220 chars}; method 120-3000 chars; key_equations 1-5; line_refs "L<n>", 1-4 items, must include every report line used; checks 1-4). Use only the report's equations/constants (F = 96,500 C mol-1 at L19, Cu = 63.55 at L24, Q = I * t at L17, Kc = [NO2]^2/[N2O4] at L20, Kc unitless at L21).

Done so far:
- Read TASK.md, listed and read all six schemas, read input/report.md (problems at L28-L59). The output files existed but held only {}.
- Wrote all six files (all "Successfully wrote file"):
  P01 dilution 0.0200 mol dm-3 (line_refs L16, L29); P02 max CO2 1.85 g (L33, L34, L14, L24); P03 H2SO4 0.0702 mol dm-3 (L39, L40, L15); P04 methane combustion deltaH -814 kJ mol-1 (L45-L47); P05 copper deposited 0.889 g (Q = 1.50 x 1800 = 2700 C, 0.02798 mol e-, 0.01399 mol Cu; line_refs L51, L52, L19, L24); P06 Kc 0.0736, units "unitless" ([NO2] 0.0900, [N2O4] 0.110).
- Rewrote output/problem_06.json: the first version had a broken key equation "Kc = [NO2]^2 / [N2O4" (missing bracket) and an extra "[X] = n/V"; the new one has "Kc = [NO2]^2 / [N2O4]" and line_refs L20, L56, L57, L58. Value unchanged.
- Read all six files back (first 400 lines); the values above are what is on disk.

Open point: P05 uses Q = I * t but its line_refs (L51, L52, L19, L24) do not cite L17, and the schema allows at most 4 line_refs, so something has to give.

Next step: the agent is rewriting output/problem_05.json and output/problem_06.json (wording, key_equations, line_refs), keeping the values 0.889 g and 0.0736; then it must stop and answer with the checklist of the six files."""

T[S, "faithful_short"] = """Summary so far: gpt-5.3-codex filesystem agent, task gcse-chemistry-8-9: write output/problem_01.json-problem_06.json from input/report.md, valid against schemas/problem_0N.schema.json (line_refs max 4, must cite every line used). All six are written: P01 0.0200 mol dm-3, P02 1.85 g CO2, P03 0.0702 mol dm-3, P04 -814 kJ mol-1, P05 0.889 g Cu, P06 Kc 0.0736 (unitless). P06 was rewritten once to fix the key equation "[N2O4" (missing bracket). All files were read back. P05's line_refs (L51, L52, L19, L24) miss L17 (Q = I * t). Next: rewrite P05/P06 refs and wording, same values, then give the checklist."""

T[S, "terse"] = """Summary so far: the agent is solving a six-question school chemistry worksheet from a report file and writing one structured answer file per question, each checked against a schema. All six answers are written and were read back; one file was rewritten to fix a typo in an equation. It is now polishing the citations and wording of the last two answers before finishing with a checklist."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex). TASK.md (task gcse-chemistry-8-9): solve the six problems in input/report.md and write output/problem_01.json ... output/problem_06.json, each valid against schemas/problem_0N.schema.json (problem_id "P0N"; final_answer {value number, units, precision_note 8-220 chars}; method 120-3000 chars; key_equations 1-5; line_refs "L<n>", 1-4 items, must include every report line used; checks 1-4). Use only the report's equations/constants (F = 96,500 C mol-1 at L19, Cu = 63.55 at L24, Q = I * t at L17, Kc = [NO2]^2/[N2O4] at L20, Kc unitless at L21).

Done so far:
- Read TASK.md, listed and read all six schemas, read input/report.md (problems at L28-L59). The output files existed but held only {}.
- Wrote all six files (all "Successfully wrote file"):
  P01 dilution 0.0200 mol dm-3 (line_refs L16, L29); P02 max CO2 1.85 g (L33, L34, L14, L24); P03 H2SO4 0.0702 mol dm-3 (L39, L40, L15); P04 methane combustion deltaH +814 kJ mol-1 (L45-L47); P05 copper deposited 0.889 g (Q = 1.50 x 1800 = 2700 C, 0.02798 mol e-, 0.01399 mol Cu; line_refs L51, L52, L19, L24); P06 Kc 0.0736, units "unitless".
- Rewrote output/problem_05.json: the first version had a broken key equation (missing bracket) and an extra "[X] = n/V"; the new one fixes the equation. Value unchanged.
- Read all six files back; the values above are what is on disk.

Open point: P05 uses Q = I * t but its line_refs do not cite L17, and the schema allows at most 4 line_refs.

Next step: rewrite output/problem_05.json and output/problem_06.json (wording, key_equations, line_refs), keeping the values, then answer with the checklist of the six files."""
P[S] = [
    "P04 is given as +814 kJ mol-1 (the file says -814; combustion is exothermic)",
    "the bracket fix is attributed to output/problem_05.json (it was output/problem_06.json, key equation 'Kc = [NO2]^2 / [N2O4')",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex). TASK.md (task gcse-chemistry-8-9): solve the six problems in input/report.md and write output/problem_01.json ... output/problem_06.json, each valid against schemas/problem_0N.schema.json.

Done so far:
- Read TASK.md (Required Outputs: six files with matching schemas; line refs as L<number>; exact quotes; valid JSON; finish with a checklist).
- Listed schemas/ (problem_01.schema.json ... problem_06.schema.json) and read all six: each needs problem_id ("P0N"), final_answer {value, units, precision_note}, method (120-3000 chars), key_equations (1-5), line_refs (1-4, "L<n>"), checks (1-4).
- Read input/report.md: constants L13-L21 (n = m/Mr, c = n/V, c1V1 = c2V2, Q = I*t, n(e-) = Q/F, F = 96,500, Kc = [NO2]^2/[N2O4], unitless), data L23-L26, and problems P01 dilution (L28-L30), P02 limestone CO2 (L32-L36), P03 titration (L38-L41), P04 bond energies (L43-L47), P05 electrolysis 1.50 A for 30.0 min (L49-L53), P06 Kc with 0.180 mol NO2 and 0.220 mol N2O4 in 2.00 dm3 (L55-L59).
- Listed output/ and read the six output files: each contains only {}.

Current state: nothing has been computed or written yet; all six outputs are empty placeholders.

Next step: solve P01-P06 from the report's data and write the six JSON files, then verify them."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is working on a structured extraction task: a report on disk contains a small set of quantitative chemistry exercises, and for each exercise the agent must produce a separate output file in a fixed machine-readable format. Each output has to contain a numerical answer with its units and a note on precision, a written explanation of the method, the key equations that were used, references to the lines of the report that the working depends on, and a few sanity checks. A schema for each file sets limits on the lengths and numbers of these fields, and the instructions insist that only the report's own data and formulas may be used.

The agent began by reading the task description, the schemas and the report, and by looking at the output folder, where the files existed but were empty. It then worked out all of the exercises and wrote every output file in one pass; the tool confirmed each write. After that it noticed a small problem in one of the files, a typing slip in an equation, and wrote that file again with the slip corrected, without changing the answer. It then read all of the files back to check what is on disk, and the answers look consistent with the data.

One remaining concern is the line references: the schema caps how many can be listed, while the instructions ask that every line used in the working be cited, so at least one answer has to trade off which references it includes.

The agent is now tidying up the last answers, improving their explanations and references without changing the results, after which it should stop using tools and reply with the checklist of written files, as the task requires."""

K[S] = [
    "Task id: gcse-chemistry-8-9",
    "schemas/problem_05.schema.json",
    "\"maxItems\": 4",
    "L17: - Charge: Q = I * t",
    "L19: - Faraday constant: F = 96,500 C mol-1",
    "Current = 1.50 A, time = 30.0 min.",
    "\"value\": 0.0200",
    "\"value\": 1.85",
    "\"value\": 0.0702",
    "\"value\": -814",
    "\"value\": 0.889",
    "\"value\": 0.0736",
    "Kc = [NO2]^2 / [N2O4",
    "[X] = n/V",
    "Successfully wrote file: output/problem_06.json",
]

# ------------------------------------------------------------ ljoukov gpt-5.3-codex-spark TRAPPIST-1 b run 1, cut 39 of 63
S = "ljoukov_gpt53codexspark_trappist1b_run1.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex-spark). TASK.md (task trappist1b-atmosphere, paper "Phase-curve Evidence for an Atmosphere on TRAPPIST-1 b", arXiv 2024, DOI 10.48550/arXiv.2409.13036): from input/report.md write output/study_overview.json, output/quantitative_findings.json, output/claim_audit.json and output/public_summary.json, valid JSON matching schemas/*.schema.json; exact quotes with L<n> refs; public_summary needs at least two control/null/conditional findings.

Report facts used: dayside brightness temperature 342 +/- 22 K (L27); heat transport epsilon 0.19 (+0.23 / -0.14) (L28); Bond albedo <0.08 (L29); 15 um CO2 band depth 96 ppm (L30); likelihood ratio atmosphere vs none 7.4 (L31); CO2-rich pressure 0.3-1.0 bar (L32); controls L35-L37 (no-atmosphere model fails; O2-rich not ruled out; degeneracies); caveats L47-L50.

Files so far:
- study_overview.json written (valid): paper block, core question, 4 cohorts/scenarios, major limitations.
- quantitative_findings.json: first write was invalid JSON (a duplicated "id": "Q02" key and line breaks inside the Q04 and Q06 interpretation strings); after reading it back the agent rewrote it - now valid, findings Q01-Q06 with evidence_line_refs L27-L32 and two controls (L35, L36).
- claim_audit.json written (valid JSON): C01 strong, C02 strong, C03 moderate, C04 tentative. Some "quotes" are not exact report snippets (C01 "inference workflow: ..." lower-case; C02 "Joint fit likelihood ratio (atmosphere vs no atmosphere): 7.4" is a rebuilt table row).
- public_summary.json: was {}; the agent wrote it (headline "JWST phase-curve data suggest TRAPPIST-1 b likely has an atmosphere, but key properties remain uncertain."), but the content is broken JSON: a stray + "\\n" after plain_language_summary, raw line breaks and a trailing comma in what_is_new, and the file stops inside why_caution_is_needed.
- All four files were then read back, public_summary twice.

Next step: the agent is rewriting all four files in one go; the essential fix is a complete, valid public_summary.json (and exact quotes in claim_audit), then the completion checklist."""

T[S, "faithful_short"] = """Summary so far: gpt-5.3-codex-spark filesystem agent, task trappist1b-atmosphere (JWST phase curve of TRAPPIST-1 b: 342 +/- 22 K, epsilon 0.19, albedo <0.08, CO2 band 96 ppm, likelihood ratio 7.4, 0.3-1.0 bar). Four outputs from input/report.md: study_overview.json valid; quantitative_findings.json was invalid (duplicate "id", line breaks in strings) and was rewritten valid; claim_audit.json valid but some quotes are not exact; public_summary.json is invalid/truncated JSON (stray + "\\n", trailing comma, ends inside why_caution_is_needed). All four were read back, public_summary twice. Outputs must keep exact report quotes with L<n> refs, and public_summary needs at least two control/null findings (e.g. L35 no-atmosphere model fails, L36 O2-rich not ruled out). Next: rewrite the four files in one go, above all a complete, valid public_summary.json, then the completion checklist."""

T[S, "terse"] = """Summary so far: the agent is turning a structured report about an exoplanet observation into four structured output files that must be valid against schemas. Two files are fine; one was broken at first and has been rewritten correctly; the plain-language summary file is still broken and incomplete, and some quotations in the claims file are not exact. The agent is about to rewrite the files and then finish with a checklist."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex-spark). TASK.md (task trappist1b-atmosphere, paper "Phase-curve Evidence for an Atmosphere on TRAPPIST-1 b", arXiv 2024, DOI 10.48550/arXiv.2409.13036): from input/report.md write output/study_overview.json, output/quantitative_findings.json, output/claim_audit.json and output/public_summary.json, valid JSON matching schemas/*.schema.json; exact quotes with L<n> refs; public_summary needs at least two control/null/conditional findings.

Report facts used: dayside brightness temperature 342 +/- 22 K (L27); heat transport epsilon 0.19 (+0.23 / -0.14) (L28); Bond albedo <0.08 (L29); 15 um CO2 band depth 96 ppm (L30); likelihood ratio atmosphere vs none 7.4 (L31); CO2-rich pressure 0.3-1.0 bar (L32); controls L35-L37; caveats L47-L50.

Files so far:
- study_overview.json written (valid): paper block, core question, 4 cohorts/scenarios, major limitations.
- claim_audit.json: first write was invalid JSON (a duplicated "id" key and line breaks inside strings); after reading it back the agent rewrote it - now valid, claims C01 strong, C02 strong, C03 moderate, C04 tentative.
- quantitative_findings.json written (valid): findings Q01-Q06 with evidence_line_refs L27-L32 and two controls (L35, L36).
- public_summary.json: was {}; the agent wrote it (headline "JWST phase-curve data suggest TRAPPIST-1 b likely has an atmosphere, but key properties remain uncertain."); the read-back showed it is complete and valid.
- All four files were then read back, public_summary twice.

Next step: the agent is rewriting all four files in one go to polish wording, then the completion checklist."""
P[S] = [
    "the invalid-then-rewritten file is said to be claim_audit.json (it was quantitative_findings.json; claim_audit was written once)",
    "public_summary.json is said to be complete and valid (it is broken JSON: stray + \"\\n\", trailing comma, truncated inside why_caution_is_needed)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex-spark). TASK.md (task trappist1b-atmosphere, paper "Phase-curve Evidence for an Atmosphere on TRAPPIST-1 b", arXiv 2024, DOI 10.48550/arXiv.2409.13036): from input/report.md write output/study_overview.json, output/quantitative_findings.json, output/claim_audit.json and output/public_summary.json, valid JSON matching schemas/*.schema.json; exact quotes with L<n> refs.

Done so far:
- Listed the workspace (input/, output/, schemas/, TASK.md), read TASK.md, listed input/ (report.md) and schemas/ (four schemas).
- Read input/report.md: JWST MIRI phase curve of TRAPPIST-1 b; dayside 342 +/- 22 K (L27), epsilon 0.19 (+0.23 / -0.14) (L28), Bond albedo <0.08 (L29), CO2 band 96 ppm (L30), likelihood ratio 7.4 (L31), 0.3-1.0 bar (L32); controls L35-L37; caveats L47-L50.
- Read the four schemas.
- Wrote output/study_overview.json (paper, core question, four cohorts/scenarios, limitations).
- Wrote output/quantitative_findings.json with findings Q01-Q06 (L27-L32) and two controls (L35, L36).

Current state: study_overview.json and quantitative_findings.json are written; claim_audit.json and public_summary.json are not written yet.

Next step: check quantitative_findings.json, then write claim_audit.json (exact quotes with line refs) and public_summary.json (with at least two control/null findings), then give the checklist."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is carrying out a document-to-data task. A structured report describes an astronomy study of a small rocky planet observed with a space telescope, and the agent must turn it into a set of separate structured output files: an overview of the study, a list of its quantitative findings, an audit of its main claims with supporting quotations, and a plain-language summary for a general audience. Each file has a schema, the quotations must be copied exactly from the report with line references, and the summary must mention some of the study's negative or conditional results.

The agent explored the workspace, read the task description, the report and the schemas, and then started writing the outputs one by one. The overview went in cleanly. The findings file had formatting problems the first time, which the agent found when it read the file back, and a corrected version has since been written. The claims file has been written too, although not every quotation in it matches the report's wording exactly. The plain-language summary was written last and is in poor shape: its content reads well, but the file itself is not well-formed and appears to be cut off, so it would not pass validation as it stands.

After writing, the agent read all of the files back to review them, looking at the summary more than once. It is now preparing to rewrite the set of files together, which should focus on producing a complete and valid summary and on tightening the quotations, before it reports completion with the required checklist."""

K[S] = [
    "Task id: trappist1b-atmosphere",
    "L27: | Dayside brightness temperature | 342 +/- 22 K",
    "L31: | Joint fit likelihood ratio (atmosphere vs no atmosphere) | 7.4",
    "L36: - O2-rich atmosphere cases are not fully ruled out by current data.",
    "Successfully wrote file: output/quantitative_findings.json",
    "\"evidence_line_refs\": [\"L28\"]",
    "inference workflow: retrieval models comparing atmosphere-free and atmosphere-bearing scenarios.",
    "Joint fit likelihood ratio (atmosphere vs no atmosphere): 7.4",
    "\"strength\": \"tentative\"",
    "JWST phase-curve data suggest TRAPPIST-1 b likely has an atmosphere, but key properties remain uncertain.",
    "\"why_caution_is_needed\": [",
    "Successfully wrote file: output/public_summary.json",
]

# ------------------------------------------------------------ ljoukov gpt-5.3-codex-spark tumor vaccine run 1, cut 50 of 97
S = "ljoukov_gpt53codexspark_tumor_vaccine_run1.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex-spark). TASK.md (task tumor-vaccine-ici; paper "SARS-CoV-2 mRNA vaccines sensitize tumours to immune checkpoint blockade", Nature 2025, DOI 10.1038/s41586-025-09006-8): from input/report.md write output/study_overview.json, quantitative_findings.json, claim_audit.json and public_summary.json, valid JSON per schemas/; exact quotes with L<n> refs; keep combination effects attributed to the combination; human data retrospective, so association language; public_summary needs at least two control/null findings.

Report: mice 78 combination / 84 controls; humans 130 (43 vaccinated, 87 not); immunopeptidome 62.3% vs 37.3% (L28), MHC-I 40.6% vs 20.6% (L29), survival p=0.01 (L30), IFN score 3.1 vs 1.0 (L31), PD-L1 2.4x (L32), CD8+ 1.8x (L33); controls L36-L39 (vaccine-only and ICI-only weak, lipid particles without mRNA no effect, anti-IFNAR1 abolishes benefit); caveats L49-L53.

Files (all four started as {}):
- study_overview.json written once, valid.
- quantitative_findings.json: first write invalid (a line break inside the Q03 interpretation string); rewritten, now valid: Q01-Q06 (L28-L33) plus four controls (L36-L39).
- claim_audit.json: first write invalid (line breaks inside quotes) and partly misquoted; after re-reading the report and the findings it was rewritten, now valid: C01 downgraded strong -> moderate ("is proposed to"), C02 quote now the exact L28 table row, C03 evidence L39 + L38 (lipid-particle control) instead of L46, C04 rephrased as an association with the exact L49 quote. Read back OK.
- public_summary.json: written once (headline "mRNA vaccines in tumors may boost immunity and improve checkpoint therapy responses.") but INVALID JSON - a raw line break closes the plain_language_summary string. Not re-read since.

Next step: rewrite output/public_summary.json as valid JSON (association wording for the human cohort, at least two control/null findings), read it back, then stop with the checklist of the four files."""

T[S, "faithful_short"] = """Summary so far: gpt-5.3-codex-spark filesystem agent, task tumor-vaccine-ici (Nature 2025 mRNA vaccine + anti-PD-L1 report; 62.3% vs 37.3%, p=0.01, IFN 3.1, PD-L1 2.4x, CD8+ 1.8x; controls L36-L39). study_overview.json valid. quantitative_findings.json first invalid (line break in Q03), rewritten valid. claim_audit.json first invalid/misquoted, rewritten valid (C01 now moderate, exact quotes, C03 uses L38/L39, C04 association). public_summary.json (headline "mRNA vaccines in tumors may boost immunity and improve checkpoint therapy responses.") is still invalid JSON: a raw line break ends the plain_language_summary string, and it has not been read back since it was written. Next: rewrite output/public_summary.json as valid JSON, with association wording for the human cohort (43 vaccinated vs 87 unvaccinated) and at least two control/null findings, read it back, then give the checklist of the four files."""

T[S, "terse"] = """Summary so far: the agent is converting a report on a cancer-immunotherapy study into four structured files checked against schemas. Three files are now valid, two of them after a second attempt that also fixed quotations and toned down a claim. The plain-language summary file is still malformed and has to be rewritten before the agent reports completion."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex-spark). TASK.md (task tumor-vaccine-ici; paper "SARS-CoV-2 mRNA vaccines sensitize tumours to immune checkpoint blockade", Nature 2025, DOI 10.1038/s41586-025-09006-8): from input/report.md write output/study_overview.json, quantitative_findings.json, claim_audit.json and public_summary.json, valid JSON per schemas/; exact quotes with L<n> refs; keep combination effects attributed to the combination; human data retrospective, so association language; public_summary needs at least two control/null findings.

Report: mice 78 combination / 84 controls; humans 130 (87 vaccinated, 43 not); immunopeptidome 62.3% vs 37.3% (L28), MHC-I 40.6% vs 20.6% (L29), survival p=0.01 (L30), IFN score 3.1 vs 1.0 (L31), PD-L1 2.4x (L32), CD8+ 1.8x (L33); controls L36-L39; caveats L49-L53.

Files (all four started as {}):
- study_overview.json written once, valid.
- quantitative_findings.json: first write invalid (a line break inside the Q03 interpretation string); rewritten, now valid: Q01-Q06 (L28-L33) plus four controls.
- claim_audit.json: first write invalid and partly misquoted; after re-reading the report it was rewritten, now valid: C01 upgraded moderate -> strong, C02 quote now the exact L28 table row, C03 evidence L39 + L38 instead of L46, C04 rephrased as an association. Read back OK.
- public_summary.json: written once (headline "mRNA vaccines in tumors may boost immunity and improve checkpoint therapy responses.") and read back; it is valid.

Next step: stop with the checklist of the four files."""
P[S] = [
    "the human subgroups are swapped: '87 vaccinated, 43 not' (the report has 43 vaccinated, 87 unvaccinated)",
    "C01 'upgraded moderate -> strong' (it was downgraded strong -> moderate)",
    "public_summary.json is said to be read back and valid (it is invalid JSON, a raw line break in plain_language_summary, and was not re-read)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model gpt-5.3-codex-spark). TASK.md (task tumor-vaccine-ici; paper "SARS-CoV-2 mRNA vaccines sensitize tumours to immune checkpoint blockade", Nature 2025, DOI 10.1038/s41586-025-09006-8): from input/report.md write output/study_overview.json, quantitative_findings.json, claim_audit.json and public_summary.json, valid JSON per schemas/; exact quotes with L<n> refs; association language for the retrospective human data.

Done so far:
- Listed the workspace, read TASK.md, listed input/ and schemas/, read input/report.md and the four schemas, then re-read the report's quantitative section (L25 onward).
- Report: mice 78 combination / 84 controls; humans 130 (43 vaccinated, 87 not); immunopeptidome 62.3% vs 37.3% (L28), MHC-I 40.6% vs 20.6% (L29), survival p=0.01 (L30), IFN 3.1 vs 1.0 (L31), PD-L1 2.4x (L32), CD8+ 1.8x (L33); controls L36-L39; caveats L49-L53.
- Listed output/ and read the four output files: each was {}.
- Wrote output/study_overview.json (core question, five cohorts: 78 mice, 84 mice, 130, 43 and 87 patients).

Current state: study_overview.json is written; quantitative_findings.json, claim_audit.json and public_summary.json are still empty.

Next step: write quantitative_findings.json (Q01-Q06 and the controls), then claim_audit.json with exact quotes, then public_summary.json, and finish with the checklist."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is working through a report-to-structured-data task about a biomedical study that combines a vaccine given directly into tumours with an existing class of cancer immunotherapy, tested in animal models and examined in a retrospective look at patient records. It must produce four output files - an overview, the quantitative findings, an audit of the main claims with exact supporting quotations, and a plain-language summary - each of which has to be valid against a schema, and it has been told to keep effects attributed to the right treatment and to describe the human evidence as association rather than proof.

After reading the instructions, the report and the schemas, and confirming that the output files were empty placeholders, the agent wrote the overview without trouble. The findings file was malformed on the first attempt and was fixed on the second. The claims file also needed a second attempt: the agent went back to the report and the findings, and the rewrite both repaired the formatting and made the claims more careful, softening one of them and replacing inexact quotations with the report's own wording. That file has been read back and looks right.

The plain-language summary has been written once, but that version is not well-formed, and the agent has not looked at it again since writing it. So three of the four files are in good order and one still needs work.

The next step is to produce a valid version of the summary that respects the caution about the human data and mentions the study's negative or control results, confirm it, and then report completion with the required checklist."""

K[S] = [
    "Task id: tumor-vaccine-ici",
    "L22: 4. Human vaccinated subgroup: 43 patients.",
    "L28: | Fraction of tumor proteins represented in immunopeptidome | 62.3% | 37.3%",
    "L39: - Blocking type I interferon signaling with anti-IFNAR1 eliminated the observed sensitization benefit.",
    "Successfully wrote file: output/quantitative_findings.json",
    "Fraction of proteins represented in MHC-I peptidome",
    "\"strength\": \"moderate\"",
    "is proposed to increase tumor immunogenicity",
    "Lipid particle controls lacking mRNA did not reproduce the sensitization effect.",
    "mRNA vaccines in tumors may boost immunity and improve checkpoint therapy responses.",
    "Successfully wrote file: output/claim_audit.json",
]

# ------------------------------------------------------------ ljoukov glm-5 tumor vaccine run 1, cut 33 of 52
S = "ljoukov_glm5_tumor_vaccine_run1.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model glm-5). TASK.md (task tumor-vaccine-ici; paper "SARS-CoV-2 mRNA vaccines sensitize tumours to immune checkpoint blockade", Nature 2025): from input/report.md write output/study_overview.json, quantitative_findings.json, claim_audit.json and public_summary.json, valid JSON per schemas/; exact quotes with L<n> refs; association language for the retrospective human cohort; public_summary needs at least two control/null findings. public_summary schema: headline 20-120 chars, plain_language_summary 180-1200 chars, what_is_new >= 3, why_caution_is_needed >= 3, glossary, open_questions.

Done so far:
- Read TASK.md, the whole report (cohorts 78/84 mice, 130 patients = 43 vaccinated + 87 not; 62.3% vs 37.3%, 40.6% vs 20.6%, p=0.01, IFN 3.1, PD-L1 2.4x, CD8+ 1.8x; controls L36-L39) and the four schemas.
- Wrote all four files in one step, all valid JSON: study_overview (5 cohorts, 5 limitations), quantitative_findings (6 findings, 4 controls), claim_audit (C01-C05: strong, strong, moderate, strong, moderate), public_summary (headline "mRNA vaccines may help immunotherapy work better against tumors", plain_language_summary of 708 characters, 3 what_is_new, 4 cautions, 6 glossary terms, 5 open questions).
- Read all four back. In the read_file output, line 3 of public_summary.json (the long plain_language_summary line) is cut off mid-sentence ("...who had previously received a "). The agent took this as "malformed JSON ... truncated".
- It has since rewritten public_summary.json three times (summary 708, then 610, then 594 characters) and read it back after each write; the displayed line 3 is still cut off ("...However, these human f").

Actual state: every version written is complete, valid JSON within the schema (180-1200 characters); the cut-off is the read tool's display of a long line, not the file. The other three files are untouched since the first write.

Next step: the agent is about to shorten and rewrite public_summary.json yet again; it should instead confirm validity (e.g. list output/ and check) and stop with the completion checklist."""

T[S, "faithful_short"] = """Summary so far: glm-5 filesystem agent, task tumor-vaccine-ici (Nature 2025 mRNA-vaccine + anti-PD-L1 report). All four outputs (study_overview, quantitative_findings, claim_audit with C01-C05, public_summary) were written in one step as valid JSON. Reading public_summary.json back, line 3 (plain_language_summary) appears cut off, so the agent believes the file is malformed and has rewritten it three times, shortening the summary 708 -> 610 -> 594 characters; each read-back still looks cut off. In fact every version is valid and within 180-1200 characters - the read tool truncates long lines. Next: stop rewriting, confirm, give the checklist."""

T[S, "terse"] = """Summary so far: the agent has written all four structured output files for a biomedical report, and they are valid. When it reads the summary file back, one long line looks cut off, so it believes the file is broken and keeps rewriting it with shorter text; the display, not the file, is what cuts the line. It should confirm and finish rather than rewrite again."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model glm-5). TASK.md (task tumor-vaccine-ici; paper "SARS-CoV-2 mRNA vaccines sensitize tumours to immune checkpoint blockade", Nature 2025): from input/report.md write output/study_overview.json, quantitative_findings.json, claim_audit.json and public_summary.json, valid JSON per schemas/; exact quotes with L<n> refs; association language for the retrospective human cohort. public_summary schema: headline 20-120 chars, plain_language_summary 180-1200 chars, what_is_new >= 3, why_caution_is_needed >= 3, glossary, open_questions.

Done so far:
- Read TASK.md, the whole report (cohorts 78/84 mice, 130 patients = 43 vaccinated + 87 not; 62.3% vs 37.3%, 40.6% vs 20.6%, p=0.01, IFN 3.1, PD-L1 2.4x, CD8+ 1.8x; controls L36-L39) and the four schemas.
- Wrote all four files in one step: study_overview (5 cohorts, 5 limitations), quantitative_findings (6 findings, 4 controls), claim_audit (C01-C05), public_summary (headline "mRNA vaccines may help immunotherapy work better against tumors", plain_language_summary of 708 characters).
- Read all four back. The read-back showed claim_audit.json cut off mid-sentence, and the agent took this as "malformed JSON ... truncated".
- It has since rewritten the file three times, shortening the text (708, then 610, then 594 characters); the last read-back finally showed the complete line.

Actual state: the first version exceeded the schema's 600-character limit for plain_language_summary, so the shortening was needed; the current version fits.

Next step: list output/ to confirm all four files, then stop with the completion checklist."""
P[S] = [
    "the file seen as cut off and rewritten is said to be claim_audit.json (it is public_summary.json)",
    "the last read-back 'finally showed the complete line' (it is still cut off: '...However, these human f')",
    "a '600-character limit' made the shortening necessary (the schema allows 180-1200; every version was valid)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task: filesystem extraction agent (model glm-5). TASK.md (task tumor-vaccine-ici; paper "SARS-CoV-2 mRNA vaccines sensitize tumours to immune checkpoint blockade", Nature 2025): from input/report.md write output/study_overview.json, quantitative_findings.json, claim_audit.json and public_summary.json, valid JSON per schemas/; exact quotes with L<n> refs; association language for the retrospective human cohort; public_summary needs at least two control/null findings.

Done so far:
- Read TASK.md and the whole report: cohorts 78 and 84 mice, 130 patients (43 vaccinated, 87 not); immunopeptidome 62.3% vs 37.3% (L28), MHC-I 40.6% vs 20.6% (L29), survival p=0.01 (L30), IFN 3.1 (L31), PD-L1 2.4x (L32), CD8+ 1.8x (L33); controls L36-L39; caveats L49-L53.
- Read the four schemas (public_summary: headline 20-120 chars, plain_language_summary 180-1200 chars, lists with minimum sizes).
- Wrote all four files in one step: study_overview (5 cohorts, 5 limitations), quantitative_findings (6 findings, 4 controls), claim_audit (C01-C05), public_summary (headline "mRNA vaccines may help immunotherapy work better against tumors", 3 what_is_new, 4 cautions, 6 glossary terms, 5 open questions). Every write succeeded.

Current state: all four outputs are written and have not been checked yet.

Next step: read the four files back to verify they are complete, valid JSON, then give the completion checklist."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is converting a structured report about a cancer study into four machine-readable output files - an overview, the quantitative results, an audit of the main claims with quotations, and a plain-language summary - each of which must be valid against its schema. The instructions also ask for careful, association-style wording about the human evidence and for the summary to mention some of the study's negative or control results.

The agent read the task, the full report and all of the schemas, and then drafted and wrote all four files in a single step. It then read the files back to check them. When it looked at the plain-language summary, one long line of the file appeared to end abruptly, and the agent concluded that the file had been damaged. Since then it has been caught in a loop: it rewrites the summary, each time making the main paragraph a little shorter, reads it back, sees the same apparent cut-off, and tries again.

Looking at what was actually written, each version of that file is complete and well-formed and within the allowed sizes. The apparent cut-off comes from the way the file-reading tool displays very long lines, not from the file itself, so the repeated rewriting is not fixing anything. The other three files have not changed since they were first written and look fine.

The sensible next move is to break the loop: accept the current files, confirm that all required outputs exist, and finish with the completion checklist rather than rewriting the summary again."""

K[S] = [
    "Task id: tumor-vaccine-ici",
    "L21: 3. Human retrospective metastatic cohort: 130 patients total.",
    "Now I'll draft all four output files based on the report and schemas, then write them.",
    "\"headline\": \"mRNA vaccines may help immunotherapy work better against tumors\"",
    "\"maxLength\": 1200",
    "cancer patients who had previously received a ",
    "I see the public_summary.json file has a malformed JSON structure - the plain_language_summary is truncated. Let me fix this:",
    "The file appears to still have issues. Let me try writing with a slightly shorter plain_language_summary that's still within schema bounds:",
    "Successfully wrote file: output/public_summary.json",
    "However, these human f",
]

# ------------------------------------------------------------ longer keyword dumps (verbatim lines from the removed range)
K["tapeagents_workarena_order_ipad_pro.json"] += [
    "Go to the hardware store and order 6 \"iPad pro\" with configuration",
    "RootWebArea Catalog | ServiceNow",
    "\"kind\": \"select_option_action\"",
    "\"element_description\": \"Search catalog for iPad pro\"",
    "The attempt to select 'iPad pro' from the dropdown failed.",
    "The next logical step is to press Enter to submit the search query and see if it leads to a product page for 'iPad pro'.",
    "RootWebArea iPad pro | ServiceNow",
    "256 GB [add $100.00]",
    "512 GB [add $300.00]",
    "The relevant BIDs are 'a183' for Silver and 'a199' for 128 GB.",
    "The 'Silver' color option has been selected.",
    "\"last_action_success\": true",
    "\"task_solved\": false",
]
K["ljoukov_gpt53codex_gcse_chemistry_run2.json"] += [
    "L20: - At equilibrium for N2O4(g) <-> 2NO2(g): Kc = [NO2]^2 / [N2O4]",
    "L24: - H = 1.0, C = 12.0, O = 16.0, S = 32.1, Ca = 40.1, Cu = 63.55",
    "L29: A technician transfers 25.0 cm3 of 0.200 mol dm-3 HCl into a volumetric flask and dilutes it with water to a final volume of 250.0 cm3.",
    "L33: Limestone sample mass = 5.00 g. The sample is 84.0% CaCO3 by mass.",
    "L39: 25.00 cm3 of H2SO4 is neutralized by 23.40 cm3 of 0.150 mol dm-3 NaOH.",
    "L46: Bond energies (kJ mol-1): C-H = 413, O=O = 498, C=O (in CO2) = 805, O-H = 463",
    "L56: For N2O4(g) <-> 2NO2(g), at equilibrium in a 2.00 dm3 vessel:",
    "L1: {}",
    "Charge passed is Q = It = 1.50 A × 1800 s = 2700 C.",
    "m(Cu) = 0.01399 × 63.55 = 0.889 g (3 s.f.)",
    "Kc = (0.0900)^2 / 0.110 = 0.00810/0.110 = 0.073636",
    "\"units\": \"unitless\"",
    "\"L51\",",
    "Successfully wrote file: output/problem_05.json",
]
K["ljoukov_gpt53codexspark_trappist1b_run1.json"] += [
    "L28: | Heat transport efficiency (epsilon) | 0.19 (+0.23 / -0.14)",
    "L29: | Bond albedo upper bound | <0.08",
    "L30: | 15 um CO2 spectral band depth estimate | 96 ppm",
    "L32: | Preferred pressure scale in CO2-rich retrieval family | 0.3-1.0 bar",
    "L35: - A pure no-atmosphere model cannot simultaneously match both phase amplitude and spectral band behavior.",
    "Phase-curve Evidence for an Atmosphere on TRAPPIST-1 b",
    "10.48550/arXiv.2409.13036",
    "Successfully wrote file: output/study_overview.json",
    "Successfully wrote file: output/claim_audit.json",
    "L1: {}",
    "Thermal phase variation and spectral structure around the 15 um CO2 band.",
    "L10:   ],\nL11:   \"why_caution_is_needed\": [",
    "Stellar variability and instrument systematics may bias weak spectral features in this dataset.",
]
K["ljoukov_gpt53codexspark_tumor_vaccine_run1.json"] += [
    "SARS-CoV-2 mRNA vaccines sensitize tumours to immune checkpoint blockade",
    "L19: 1. Mouse efficacy cohort (combination therapy): 78 tumor-bearing mice pooled across repeat experiments.",
    "L30: | Retrospective human survival comparison p-value | p=0.01",
    "L31: | Type I interferon response score (normalized units) | 3.1 | 1.0",
    "L38: - Lipid particle controls lacking mRNA did not reproduce the sensitization effect.",
    "L49: - The human analysis is retrospective and non-randomized; residual confounding is likely.",
    "L1: {}",
    "Successfully wrote file: output/study_overview.json",
    "Successfully wrote file: output/public_summary.json",
    "was associated with improved survival under ICI treatment",
    "\"strength\": \"tentative\"",
]
K["ljoukov_glm5_tumor_vaccine_run1.json"] += [
    "L19: 1. Mouse efficacy cohort (combination therapy): 78 tumor-bearing mice pooled across repeat experiments.",
    "L28: | Fraction of tumor proteins represented in immunopeptidome | 62.3% | 37.3%",
    "L39: - Blocking type I interferon signaling with anti-IFNAR1 eliminated the observed sensitization benefit.",
    "\"minLength\": 180",
    "Successfully wrote file: output/study_overview.json",
    "Successfully wrote file: output/quantitative_findings.json",
    "Successfully wrote file: output/claim_audit.json",
    "\"claim_id\": \"C05\"",
    "Scientists found that injecting an mRNA vaccine into tumors can improve the effectiveness of cancer immunotherapy.",
    "\"open_questions\": [",
]
