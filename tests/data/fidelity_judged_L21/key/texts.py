# Hand-written replacements for L21. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = the verbatim strings of the keyword_dump (build_L21.py checks that each one occurs in
# messages 1..cut-1 of the session and joins them with newlines).
T, P, K = {}, {}, {}

# ------------------------------------------------------------ NeMo Gym legal_agent_bench: privilege log, cut 28 of 45
S = "nemo_legal_privilege_log.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user): review the attached 25-document production set and prepare a privilege log and a relevance classification report for all documents; outputs `privilege-log.docx` and `relevance-classification-report.docx`. Matter: Vasquez v. Meridian Polymers, Inc., Case No. 2023-CV-07892, Summit County Court of Common Pleas (claims filed Sept 29, 2023, Hon. Richard Takasugi): Dr. Lena Vasquez (VP R&D, hired March 12, 2018, terminated Sept 15, 2023) alleges whistleblower retaliation (Ohio Rev. Code § 4113.52) after her Jan 15, 2023 memo on improper hexavalent chromium waste manifesting at the Akron facility.

Done: `glob **/*` listed 25 files (I wrongly noted 24). I have read 19 of them with `read` (200-line pages):
- Privilege candidates (a lawyer is involved): GC Priya Chandrasekaran's Aug 28, 2023 meeting notes (Firth, Simmons, Bellworth; R&D 40% behind Q2); her Mar 3, 2023 email asking outside counsel Catherine Burrell (Kirkfield Oates) for a litigation risk assessment; Burrell's Oct 20, 2023 email to Alan Greer (Stanton Greer) coordinating on the inventorship claims; the Oct 5, 2023 litigation hold notice to 12 custodians; the Oct 10, 2023 email forwarding to Simmons a summary of Burrell's Oct 8 strategy memo; the draft Alderwood audit report AEC-2023-0147 (July 22, 2023, to Simmons, cc GC).
- Other: Vasquez env-compliance memo (Jan 15, 2023), PIP, Bellworth's performance summary (created Aug 14, last modified Sept 18, 2023), termination letter (Sept 15), unexecuted separation agreement draft (Sept 20), benefits form HR-BEN-2022-0341 (PHI), invention assignment HR-2018-0312-LV, continuation application 18/456,789 (filed Nov 1, 2023), inventor-list email chain (Park/Mehta/Simmons, Oct 19), Simmons' Aug 22 Q2 metrics (60% vs 85% benchmark), board minutes Apr 18, 2023, plaintiff demand letter (Hargrove & Linden, Oct 15, 2023), IT backup notice (June 2022, irrelevant).
- Partly read: vasquez-pip (217 lines), mpc7x-continuation-app (271), separation agreement (211), board minutes (245).

Current step: reading the last four: chandrasekaran-ack-email.eml, simmons-vasquez-situation-email.eml, alderwood-engagement-letter.docx, acs-conference-registration.eml. Never opened: mpc7x-original-patent.docx and bellworth-reply-adding-gc.eml. Nothing written yet. Next: read those two, then write both reports with `write_docx`."""

T[S, "faithful_short"] = """Session so far (compacted): task is a privilege log and a relevance classification report (`privilege-log.docx`, `relevance-classification-report.docx`) for the 25-file production set in Vasquez v. Meridian Polymers, Case No. 2023-CV-07892 (whistleblower retaliation after her Jan 15, 2023 hexavalent-chromium memo; terminated Sept 15, 2023). glob listed 25 files; 19 read so far (several only to line 200). Privileged candidates: GC Chandrasekaran's Aug 28 notes, her Mar 3 email to outside counsel Burrell, Burrell–Greer joint-defense email, Oct 5 litigation hold, Oct 10 forward of Burrell's strategy memo, draft Alderwood audit AEC-2023-0147; benefits form has PHI. Now reading the last four (ack email, Simmons situation email, Alderwood engagement letter, conference registration); mpc7x-original-patent.docx and bellworth-reply-adding-gc.eml are still unread (I had miscounted 24 files). Nothing written yet; next read those two, then write both files with write_docx."""

T[S, "terse"] = """Session so far: the user asked for a privilege log and a relevance report, as two Word files, covering every document in a litigation production set about a fired research executive's whistleblower and inventorship dispute. I listed the files and have read most of them, noting which involve the general counsel or outside lawyers and which are ordinary business or personnel records. A few are still unread. Nothing has been written yet; next I finish reading and then draft both reports."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user): review the attached 25-document production set and prepare a privilege log and a relevance classification report for all documents; outputs `privilege-log.docx` and `relevance-classification-report.docx`. Matter: Vasquez v. Meridian Polymers, Inc., Case No. 2023-CV-07892, Summit County Court of Common Pleas (claims filed Sept 29, 2023, Hon. Richard Takasugi): Dr. Lena Vasquez (VP R&D, hired March 12, 2018, terminated Sept 15, 2023) alleges whistleblower retaliation (Ohio Rev. Code § 4113.52) after her Jan 15, 2023 memo on improper hexavalent chromium waste manifesting at the Akron facility.

Done: `glob **/*` listed 25 files. I have read 21 of them with `read`, so every file except the four in the current batch has been reviewed:
- Privilege candidates (a lawyer is involved): GC Priya Chandrasekaran's Aug 28, 2023 meeting notes (Firth, Simmons, Bellworth; R&D 40% behind Q2); her Mar 3, 2023 email asking outside counsel Catherine Burrell (Kirkfield Oates) for a litigation risk assessment; Burrell's Oct 20, 2023 email to Alan Greer (Stanton Greer) coordinating on the inventorship claims; the Oct 5, 2023 litigation hold notice to 12 custodians; the Oct 10, 2023 email forwarding to Simmons a summary of Burrell's Oct 8 strategy memo; the draft Alderwood audit report AEC-2023-0147 (July 22, 2023, addressed to GC Chandrasekaran, cc Simmons).
- Other: Vasquez env-compliance memo (Jan 15, 2023), PIP, Bellworth's performance summary (created Aug 14, last modified Sept 18, 2023), termination letter (Sept 15), unexecuted separation agreement draft (Sept 20), benefits form (PHI), invention assignment agreement No. HR-BEN-2022-0341, continuation application 18/456,789 (filed Nov 1, 2023), inventor-list email chain (Park/Mehta/Simmons, Oct 19), Simmons' Aug 22 Q2 metrics (60% vs 85% benchmark), board minutes Apr 18, 2023, plaintiff demand letter (Hargrove & Linden, Oct 15, 2023), IT backup notice (June 2022, irrelevant).
- Partly read: vasquez-pip (217 lines), mpc7x-continuation-app (271), separation agreement (211), board minutes (245).

Current step: reading the last four: chandrasekaran-ack-email.eml, simmons-vasquez-situation-email.eml, alderwood-engagement-letter.docx, acs-conference-registration.eml. Nothing written yet. Next: write both reports with `write_docx`."""
P[S] = [
    "A skipped step is reported as done: it says 21 files were read and every file except the current four was reviewed; in fact 19 were read and mpc7x-original-patent.docx and bellworth-reply-adding-gc.eml were never opened (so the next step 'read those two' is dropped).",
    "The draft Alderwood audit report's addressees are swapped: it was addressed to Derek Simmons (VP Operations) with a copy to GC Chandrasekaran, not to the GC with a copy to Simmons (this matters for the privilege claim).",
    "A wrong record id: HR-BEN-2022-0341 is the number of the 2022 benefits enrollment form; the invention assignment agreement is No. HR-2018-0312-LV.",
]

K[S] = [
    "privilege-log.docx", "relevance-classification-report.docx", "25-document production set",
    "chandrasekaran-meeting-notes-aug28.docx", "burrell-stanton-joint-defense.eml",
    "chandrasekaran-burrell-litrisik-email.eml", "inventor-list-email-chain.eml",
    "alderwood-draft-audit-report.docx", "vasquez-pip.docx", "mpc7x-continuation-app.docx",
    "simmons-bellworth-ops-metrics.eml", "it-backup-notification.eml", "mpc7x-original-patent.docx",
    "bellworth-reply-adding-gc.eml", "litigation-hold-notice.docx", "plaintiff-demand-letter.docx",
    "chandrasekaran-fwd-burrell-memo.eml", "I found 24 documents, but the task mentions 25",
    "Case No. 2023-CV-07892", "Summit County Court of Common Pleas",
    "Ohio Whistleblower Protection Act, Ohio Rev. Code § 4113.52",
    "Request for Litigation Risk Assessment re Regulatory", "Report Number: AEC-2023-0147",
    "PRIVILEGED AND CONFIDENTIAL --- ATTORNEY-CLIENT COMMUNICATION", "Distribution List (12 Custodians)",
    "Application Number:**             18/456,789", "Agreement No. HR-2018-0312-LV",
    "**Form No.:** HR-BEN-2022-0341", "CONFIDENTIAL --- Contains Protected Health Information",
    "DRAFT --- FOR DISCUSSION PURPOSES ONLY --- NOT EXECUTED", "FW: Privileged & Confidential",
    "showing lines 0-199 of 217", "showing lines 0-199 of 271", "showing lines 0-199 of 245",
    "Marcus Hargrove", "Catherine Burrell", "Alan Greer",
    "Handwritten Notes of Priya Chandrasekaran", "LV\\'s R&D team now approx. 40% behind on Q2 deliverables",
    "Coordination on Vasquez Inventorship Claims", "Continuation Application — Inventor List for MPC-7X Improvements",
    "Prepared for: **Meridian Polymers, Inc.**", "**Total Estimated Remediation Cost**       **\\$47,000**",
    "a 60% on-time rate", "company-wide benchma=\nrk for project milestone adherence is 85%",
    "Monthly System Backup — June 2022", "Performance Concerns Summary --- Dr. Lena Vasquez",
    "**Last Modified**                   September 18, 2023 3:47 PM", "Improper Manifesting of Hexavalent Chromium Waste, Akron Facility",
    "**Re: Notice of Termination of Employment**", "**DATE:** October 5, 2023", "HARGROVE & LINDEN LLP",
    "claims filed on September 29, 2023, before the Honorable Richard Takasugi",
    "full litigation strategy memo on the Vasquez matter on October 8",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): review the attached 25-document production set and prepare a privilege log and a relevance classification report for all documents; outputs `privilege-log.docx` and `relevance-classification-report.docx`.

Done: `glob **/*` in the data room listed 25 files (chandrasekaran-meeting-notes-aug28.docx, burrell-stanton-joint-defense.eml, chandrasekaran-burrell-litrisik-email.eml, inventor-list-email-chain.eml, alderwood-draft-audit-report.docx, vasquez-pip.docx, mpc7x-continuation-app.docx, simmons-bellworth-ops-metrics.eml, it-backup-notification.eml, and 16 more vasquez-*, board, litigation-hold, demand-letter, alderwood and email files). I read them in batches of five with `read`:
- GC Priya Chandrasekaran's handwritten notes of an Aug 28, 2023 meeting (Firth, Simmons, Bellworth) on R&D being about 40% behind on Q2 and on Dr. Lena Vasquez.
- Catherine Burrell (Kirkfield Oates, Meridian's outside counsel) to Alan Greer (Stanton Greer), Oct 20, 2023: coordination on the Vasquez inventorship claims, Case No. 2023-CV-07892.
- Chandrasekaran to Burrell, Mar 3, 2023: request for a litigation risk assessment after Vasquez's Jan 15, 2023 memo alleging improper hexavalent chromium disposal.
- Kevin Park's Oct 19, 2023 email chain on the inventor list of the MPC-7X continuation.
- Alderwood draft environmental audit AEC-2023-0147 (July 22, 2023), read in full (329 lines; remediation $47,000).
- Vasquez PIP, the continuation application 18/456,789 (filed Nov 1, 2023), Simmons' Aug 22, 2023 Q2 metrics email (60% of milestones met vs 85% benchmark) and a routine June 2022 IT backup notice.

Current state: about ten documents reviewed; the privileged-looking ones are the GC/outside-counsel communications. Next: read the remaining files (vasquez-performance-summary, separation agreement, benefits, invention assignment, env-compliance memo, termination letter, board minutes, litigation hold, demand letter, forwarded Burrell memo, etc.), then write both reports."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked for two deliverables on a document production in an employment lawsuit: a privilege log identifying which documents can be withheld and on what basis, and a relevance classification report placing every document in the set according to how it bears on the claims. Both are to be written as Word documents.

The dispute concerns a senior research executive who raised internal concerns about environmental compliance at a manufacturing site and was later let go, with the company pointing to performance problems; there is also a disagreement about who should be named as an inventor on a later patent filing. The production set mixes communications with in-house and outside counsel, human-resources records, corporate governance material, consultant work, technical filings, correspondence from the opposing side and some routine administrative notices.

So far I have listed the contents of the data room and worked through most of the documents in batches, noting for each its date, author and recipients, whether a lawyer was involved, and what it suggests about the timeline of the concerns, the performance process and the separation. Some of the longer documents were only read in part. Several items look like strong candidates for attorney-client or work-product protection, some contain sensitive personal or medical information, and others are ordinary business records that would have to be produced. A handful of documents at the end of the list have not been reviewed yet.

No output has been written so far. The plan is to finish reviewing the remaining documents, make sure every item in the set has been looked at, and then draft the privilege log and the relevance report, keeping the categories consistent between the two."""

# ------------------------------------------------------------ NeMo Gym legal_agent_bench: TSA markup, cut 17 of 31
S = "nemo_legal_tsa_markup.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user): review the buyer's TSA markup against our form, playbook, operational constraints, APA provisions and cost analysis for the Precision Coatings Division (PCD) divestiture and prepare a comprehensive seller-side deviation memo with recommendations; output `tsa-deviation-memo.docx`.

Files (glob): seller-form-tsa.docx, buyer-tsa-markup.docx, seller-tsa-playbook.docx, seller-operational-constraints.eml, tsa-cost-analysis.xlsx (no separate APA file).

What I have read (`read`, 200-line pages):
- seller-form-tsa.docx (629 lines): lines 0-599. Seller Helios Industrial Holdings, Inc. (Delaware), Buyer Arcanum Manufacturing Group, LLC; Historical Practice Standard as the service standard; 5.2 No Warranty ("AS-IS"); 15.9 Confidentiality. Lines 600-629 unread.
- buyer-tsa-markup.docx (639 lines): lines 0-599. "Marked to show changes from Seller's Form dated March 28, 2025. Buyer's revisions dated April 18, 2025", prepared by Blackmere & Stone LLP (Buyer's counsel). Includes monthly governance meetings with reporting (service deficiencies, staffing, Migration Services milestones; minutes by Buyer's manager within 5 Business Days); one service at $42,000/month for nine months with two six-month Extension Periods (Section 3.2).
- seller-tsa-playbook.docx: read in full (399 lines). Whitfield & Crane (Richard S. Olmstead, Priya K. Nair) to Patricia M. Voss (GC) and David T. Krause (CFO), March 26, 2025, Matter No. WC-2025-HEL-0417; approved, fallback and walk-away positions; e.g. VII.B fallback: limited license to deliverable templates for 12 months, PCD only, no SAP configurations or corporate methodologies.
- seller-operational-constraints.eml (425 lines): only lines 0-199. Voss to Olmstead, Apr 15, 2025: HR, IT and Risk Management constraints, sent before the markup arrived.
- tsa-cost-analysis.xlsx: first page only ("Service Fee Summary": fees, form vs markup terms, extensions, variances, 3% escalator).

Current step: reading buyer-tsa-markup.docx lines 600-639 and getting the xlsx line count. Nothing written yet. Next: read the whole cost analysis and the rest of the constraints email (lines 200-425), then compare each markup change against the playbook positions and write the memo with `write_docx`."""

T[S, "faithful_short"] = """Session so far (compacted): task is a seller-side deviation memo (`tsa-deviation-memo.docx`) on Buyer's TSA markup for the Precision Coatings Division sale (Seller Helios Industrial Holdings, Buyer Arcanum Manufacturing Group). Files: seller-form-tsa.docx (read to line 599 of 629), buyer-tsa-markup.docx (April 18, 2025 markup of the March 28 form by Blackmere & Stone; read to 599 of 639), seller-tsa-playbook.docx (Whitfield & Crane, Matter WC-2025-HEL-0417; read in full), seller-operational-constraints.eml (Voss, Apr 15; only lines 0-199 of 425), tsa-cost-analysis.xlsx (first page only). Markup adds governance reporting and e.g. a $42,000/month, 9-month service with two 6-month extensions. Playbook sets approved, fallback and walk-away positions (e.g. VII.B template license fallback). Now reading the markup's last lines and the xlsx size; nothing written yet. Next: the whole cost analysis and constraints lines 200-425, then the memo via write_docx."""

T[S, "terse"] = """Session so far: the user wants a memo for the seller comparing the buyer's redline of a transition services agreement with the seller's own form, its negotiation playbook, internal operational limits and a cost model, with recommendations. I have read most of the form, the redline and the playbook, but only part of the internal constraints email and little of the cost model. No memo written yet; next I finish reading and then draft it."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user): review the buyer's TSA markup against our form, playbook, operational constraints, APA provisions and cost analysis for the Precision Coatings Division (PCD) divestiture and prepare a comprehensive seller-side deviation memo with recommendations; output `tsa-deviation-memo.docx`.

Files (glob): seller-form-tsa.docx, buyer-tsa-markup.docx, seller-tsa-playbook.docx, seller-operational-constraints.eml, tsa-cost-analysis.xlsx (no separate APA file).

What I have read (`read`, 200-line pages):
- seller-form-tsa.docx (629 lines): lines 0-599. Seller Helios Industrial Holdings, Inc. (Delaware), Buyer Arcanum Manufacturing Group, LLC; Historical Practice Standard as the service standard; 5.2 No Warranty ("AS-IS"); 15.9 Confidentiality. Lines 600-629 unread.
- buyer-tsa-markup.docx (639 lines): lines 0-599. "Marked to show changes from Seller's Form dated March 28, 2025. Buyer's revisions dated April 18, 2025", prepared by Whitfield & Crane LLP (Buyer's counsel). Includes monthly governance meetings with reporting (service deficiencies, staffing, Migration Services milestones; minutes by Buyer's manager within 5 Business Days); one service at $42,000/month for twelve months with a single six-month Extension Period (Section 3.2).
- seller-tsa-playbook.docx: read in full (399 lines). Blackmere & Stone (Richard S. Olmstead, Priya K. Nair) to Patricia M. Voss (GC) and David T. Krause (CFO), March 26, 2025, Matter No. WC-2025-HEL-0417; approved, fallback and walk-away positions; e.g. VII.B fallback: limited license to deliverable templates for 12 months, PCD only, no SAP configurations or corporate methodologies.
- seller-operational-constraints.eml (425 lines): read in full. Voss to Olmstead, Apr 15, 2025: HR, IT and Risk Management constraints, sent before the markup arrived.
- tsa-cost-analysis.xlsx: first page only ("Service Fee Summary": fees, form vs markup terms, extensions, variances, 3% escalator).

Current step: reading buyer-tsa-markup.docx lines 600-639 and getting the xlsx line count. Nothing written yet. Next: read the whole cost analysis, then compare each markup change against the playbook positions and write the memo with `write_docx`."""
P[S] = [
    "The law firms are swapped: the markup was prepared by Blackmere & Stone LLP (Buyer's counsel) and the playbook by Whitfield & Crane LLP (Seller's counsel), not the other way round.",
    "The markup's service terms are wrong: the $42,000/month service runs nine months with two six-month Extension Periods, not twelve months with one extension.",
    "An incomplete read is reported as complete: only lines 0-199 of the 425-line seller-operational-constraints.eml were read; the summary says it was read in full and drops reading the rest from the next step.",
]

K[S] = [
    "tsa-deviation-memo.docx", "seller-form-tsa.docx", "seller-tsa-playbook.docx", "seller-operational-constraints.eml",
    "tsa-cost-analysis.xlsx", "buyer-tsa-markup.docx", "Precision Coatings Division",
    "Helios Industrial Holdings, Inc.", "Arcanum Manufacturing Group, LLC",
    "Marked to show changes from Seller\\'s Form dated March 28, 2025. Buyer\\'s revisions dated April 18, 2025.",
    "Prepared by Blackmere & Stone LLP", "Approved Seller Positions, Fallback Positions, and Walk-Away Parameters",
    "Richard S. Olmstead, Partner, Whitfield & Crane LLP", "Patricia M. Voss, General Counsel",
    "David T. Krause, CFO", "**MATTER NO.:** WC-2025-HEL-0417", "**DATE:** March 26, 2025",
    "FW: PCD Divestiture — TSA Operational Constraints & Internal Team Inputs",
    "showing lines 0-199 of 425", "showing lines 400-599 of 629", "showing lines 400-599 of 639",
    "=== Sheet: Service Fee Summary ===", "Seller Form Annual Escalator (3%)", "Historical Practice Standard",
    "**5.2 No Warranty.**", "**[VII.B. Fallback Position]{.underline}**", "**Monthly Service Charge**          \\$42,000",
    "Nine (9) months from the Effective Date", "Subject to two (2) six (6)-month Extension Periods per Section 3.2",
    "**15.9 Confidentiality.**", "Migration Services milestones",
    "haven't yet received Buyer's markup from Blackmere & Stone (expecting it any =\nday now)", "regarding operational constraints relevant to the TSA negotiation",
    "Minutes of each monthly meeting shall be prepared by Buyer\\'s Transition Services Manager",
    "ALL SERVICES ARE PROVIDED ON AN \\\"AS-IS\\\" BASIS.",
    "(i) the license term is limited to twelve months following termination of the applicable service",
    "excludes any underlying software, SAP configurations, proprietary analytical methodologies",
    "showing lines 200-399 of 399. Limit applied: requested 200 lines. End of file.",
    "Buyer Markup Term (Months)", "Extension Option 1 (Months)", "Variance: Buyer Base vs. Seller Form",
    "This memorandum is protected by attorney-client privilege and the work product doctrine.",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): review the buyer's TSA markup against our form, playbook, operational constraints, APA provisions and cost analysis for the Precision Coatings Division (PCD) divestiture and prepare a comprehensive seller-side deviation memo with recommendations; output `tsa-deviation-memo.docx`.

Files (glob): seller-form-tsa.docx, seller-tsa-playbook.docx, seller-operational-constraints.eml, tsa-cost-analysis.xlsx, buyer-tsa-markup.docx.

First pass (one `read` of each file, first 200 lines):
- seller-form-tsa.docx (629 lines): TSA between Helios Industrial Holdings, Inc. (Seller, Delaware corporation) and Arcanum Manufacturing Group, LLC (Buyer) for PCD; effective date left blank.
- buyer-tsa-markup.docx (639 lines): marked against Seller's Form dated March 28, 2025, Buyer's revisions dated April 18, 2025, prepared by Blackmere & Stone LLP, Columbus, counsel to Arcanum.
- seller-tsa-playbook.docx (399 lines): privileged playbook of approved, fallback and walk-away positions from Richard S. Olmstead and Priya K. Nair (Whitfield & Crane LLP) to Patricia M. Voss (GC) and David T. Krause (CFO), March 26, 2025, Matter No. WC-2025-HEL-0417.
- seller-operational-constraints.eml (425 lines): Voss to Olmstead, Apr 15, 2025, forwarding HR, IT and Risk Management constraints before the markup arrived.
- tsa-cost-analysis.xlsx: "Service Fee Summary" sheet comparing monthly fees, Seller form and Buyer markup terms, extension options, variances and the 3% escalator.

Current state: first page of every file read. Next: continue with lines 200-399 of the markup, the form and the playbook, then the remaining pages, then the cost analysis, and write the memo."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user, acting for the seller in the sale of a business division, asked for a deviation memorandum on the buyer's markup of the transition services agreement. The memo is to compare the buyer's changes with the seller's own form of agreement, the internal negotiation playbook prepared by outside counsel, the operational limits reported by the seller's internal teams, and the financial model of the services, and to give a recommendation on each point. The result is to be delivered as a Word document.

The data room holds the seller's form, the buyer's redline, the playbook, an email collecting internal constraints and a spreadsheet with the cost analysis; there is no separate copy of the purchase agreement. I have been reading the documents page by page. The form and the redline have been read almost to the end, and the playbook completely; it sets out preferred positions, acceptable fallbacks and points on which the seller should walk away. The redline broadens governance and reporting obligations and changes service terms and extension rights for at least some of the services. The constraints email and the spreadsheet have only been looked at briefly so far.

Nothing has been drafted yet. The plan is to finish the remaining pages, go through the spreadsheet and the rest of the internal constraints carefully, line up each of the buyer's changes against the playbook's positions and the operational and financial limits, and then write the memo with clear recommendations on what to accept, what to counter and what to reject."""

# ------------------------------------------------------------ NeMo Gym conversational tool use: bookstore workshop, cut 28 of 39
S = "nemo_bookstore_workshop.json"
T[S, "faithful"] = """Summary of the conversation so far (earlier messages were compacted):

I am the Bookstore Events customer-service agent (policy in the system prompt). The user, Alex, 16, a member of the downtown teen book club, wants to register for the "Midnight Thrills: Writing Suspense with Author Sarah Blackwood" workshop on October 15th.

Done:
- Identity: send_verification_code to alex.teenreader@email.com (sent); user gave code 123456; authenticate_user -> user_id "user_12345", verified.
- There is no tool to search events by name, so I asked for the event ID; the user found EVT-789456 in the Instagram caption. get_event_details(EVT-789456): Workshop, host Sarah Blackwood, 2024-10-15T14:00:00Z, Downtown Bookstore - Community Room, 18/30 attending, age_restriction "18+". I told the user: 12 spots left, registration closes 24 h before (Oct 14, 2:00 PM UTC), guardian details required for a 16-year-old, and offered a signed-copy pre-order.
- Guardian: Jennifer Miller (mother), jen.miller@email.com, 555-0198, consents. register_for_event(registrant_id user_12345, event_id EVT-789456, attendee_details {age 16, guardian_info "Jennifer Miller, jen.miller@email.com, 555-0198"}) -> registration_id REG-987654, confirmed, pre_order_status "Not requested". I confirmed this to the user and asked for the book title or ISBN, mentioning signed editions are held 72 h after the event and points can cover at most 50% (100 pts = $5).

User's latest request: pre-order a signed copy of Sarah Blackwood's newest thriller "The Silent Witness", ISBN 978-0-7432-7356-5 (from the newsletter); asks the price of the signed edition, asks me to check the loyalty point balance and use points if enough to cover part; the mom will pay the rest.

Next: get_book_details for that ISBN (price, stock), get_user_profile(user_12345) for the points, report both, get the quantity and points to redeem confirmed (max 2 books, max 50%), then purchase_book linked to EVT-789456. Signed books are non-returnable."""

T[S, "faithful_short"] = """Conversation so far (compacted): I am the bookstore events agent. Alex (16, teen book club) was verified (alex.teenreader@email.com, code 123456 -> user_12345). Event EVT-789456, "Midnight Thrills" workshop with Sarah Blackwood, 2024-10-15 14:00 UTC, 18/30, 18+, so guardian info was needed: Jennifer Miller, jen.miller@email.com, 555-0198. register_for_event succeeded: REG-987654. The user now wants to pre-order one signed "The Silent Witness", ISBN 978-0-7432-7356-5, asks its price and their loyalty balance (points up to 50%, 100 pts = $5); mom pays the rest. Registration closes Oct 14, 2:00 PM UTC. Next: get_book_details for the ISBN, get_user_profile(user_12345) for the points, tell the user price and balance, confirm quantity (max 2) and points, then purchase_book linked to EVT-789456; signed copies are held 72 h after the event and cannot be returned."""

T[S, "terse"] = """Conversation so far: I am a bookstore's customer-service agent. A teenage customer asked to join an author's writing workshop. I verified their account, looked up the event (adults-only, so a parent's details were needed), got the parent's consent and contact, and registered them successfully. They now want to pre-order a signed copy of the author's new book, asked its price and whether their loyalty points can cover part of it. Next: look up the book and their points, then place the order once they confirm."""

T[S, "planted_errors"] = """Summary of the conversation so far (earlier messages were compacted):

I am the Bookstore Events customer-service agent (policy in the system prompt). The user, Alex, 16, a member of the downtown teen book club, wants to register for the "Midnight Thrills: Writing Suspense with Author Sarah Blackwood" workshop on October 15th.

Done:
- Identity: send_verification_code to alex.teenreader@email.com (sent); user gave code 123456; authenticate_user -> user_id "user_12345", verified.
- There is no tool to search events by name, so I asked for the event ID; the user found EVT-798456 in the Instagram caption. get_event_details(EVT-798456): Workshop, host Sarah Blackwood, 2024-10-15T14:00:00Z, Downtown Bookstore - Community Room, 18/30 attending, no age restriction. I told the user: 12 spots left, registration closes 24 h before (Oct 14, 2:00 PM UTC), and offered a signed-copy pre-order; the user volunteered a guardian anyway.
- Guardian: Jennifer Miller (mother), jen.miller@email.com, 555-0198, consents. register_for_event(registrant_id user_12345, event_id EVT-798456, attendee_details {age 16, guardian_info "Jennifer Miller, jen.miller@email.com, 555-0198"}) -> registration_id REG-987654, confirmed, pre_order_status "Not requested". I confirmed this to the user and asked for the book title or ISBN, mentioning signed editions are held 72 h after the event.

User's latest request: pre-order a signed copy of Sarah Blackwood's newest thriller "The Silent Witness", ISBN 978-0-7432-7356-5 (from the newsletter); asks the price of the signed edition. The user does not want to use loyalty points: the mom will pay the full price.

Next: get_book_details for that ISBN (price, stock), report it, get the quantity confirmed (max 2 books), then purchase_book linked to EVT-798456 with no points. Signed books are non-returnable."""
P[S] = [
    "Wrong event id: the workshop is EVT-789456, not EVT-798456 (the wrong id is also used for the registration and the planned purchase).",
    "The age restriction is denied: get_event_details returned age_restriction \"18+\", which is why guardian details were required; the summary says there is none and that the guardian was volunteered.",
    "The user's wish is reversed: the user asked me to check the loyalty point balance and use points to cover part of the price (mom pays the rest); the summary says the user wants no points and the mom pays in full, and drops the profile check.",
]

K[S] = [
    "Midnight Thrills: Writing Suspense with Author Sarah Blackwood", "alex.teenreader@email.com",
    '{"code_sent_status": "sent"}', "it's 123456", '{"user_id": "user_12345", "authentication_status": "verified"}',
    "I don't have a tool to search for events by name and date", "The event ID is EVT-789456",
    '"start_time": "2024-10-15T14:00:00Z"', '"location": "Downtown Bookstore - Community Room"',
    '"current_attendance": 18, "max_capacity": 30, "age_restriction": "18+"',
    "October 14th at 2:00 PM (UTC)", "Jennifer Miller", "jen.miller@email.com", "555-0198",
    '"registration_id": "REG-987654"', '"pre_order_status": "Not requested"',
    "signed editions are held for 72 hours post-event",
    "You can redeem up to 50% of the total payment with loyalty points (100 points = $5 discount)",
    '"The Silent Witness"', "978-0-7432-7356-5", "Can you check my balance?", "My mom said she'd cover the cost",
    "I'm 16 and a member of the teen book club at the downtown location", "send_verification_code", "authenticate_user",
    "get_event_details", '"event_type": "Workshop", "host": "Sarah Blackwood"', "register_for_event",
    '"registrant_id":"user_12345","event_id":"EVT-789456"', '"guardian_info":"Jennifer Miller, jen.miller@email.com, 555-0198"',
    "She's totally fine with me attending", "How much is it and can I pay for it now along with the workshop registration?",
    "**Capacity:** 18/30 attendees (12 spots available)", "Registered for EVT-789456: Midnight Thrills workshop with Sarah Blackwood",
]

T[S, "stale"] = """Summary of the conversation so far (earlier messages were compacted):

I am the Bookstore Events customer-service agent (policy in the system prompt). The user, Alex, 16, a member of the downtown teen book club, wants to register for the "Midnight Thrills: Writing Suspense with Author Sarah Blackwood" workshop on October 15th at the downtown location, and is very keen on it.

Done:
- I asked for the event and for an email or phone to verify the account; Alex gave alex.teenreader@email.com.
- send_verification_code(alex.teenreader@email.com) -> code sent. Alex replied with the code 123456.
- authenticate_user(alex.teenreader@email.com, 123456) -> user_id "user_12345", authentication_status "verified".
- I then asked for the event ID, since get_event_details needs one. Alex does not have it (saw the workshop on social media and in the teen book club newsletter) and asked me to look it up by name and date; there is no search tool, so I explained this and asked Alex to find the ID (format like "EVT-12345") in the post or newsletter. Alex also said that if the event is 18+ a parent's details would be needed.

Current state: account verified (user_12345); waiting for the event ID. Next: get_event_details with that ID to check age restriction, capacity (max 30) and the 24-hour workshop registration deadline, collect guardian details if it is 18+, then register_for_event and offer a signed-copy pre-order."""

T[S, "vague_long"] = """Summary of the conversation so far (earlier messages were compacted):

I am acting as the customer-service agent for a bookstore's events desk and must follow the store policy given in the system prompt, which covers account verification, event registration rules, book purchases, holds and the loyalty programme.

A young customer, a member of the store's teen book club, contacted us because they want to attend a writing workshop given by a thriller author they admire. Following the policy, I first verified their identity through the usual code-based check before doing anything on their account. Because our tools cannot search events by name, the customer had to find the event's identifier themselves, which they did from the store's social media.

Looking up the event showed that there were still places available and that it carries an age restriction; since the customer is under age, the policy requires a guardian's details, which the customer supplied along with the parent's agreement. The registration then went through successfully and I confirmed the booking details, reminding them of the registration window and mentioning the store's offer of signed copies.

The customer has now asked to pre-order a signed copy of the author's newest book, has given its details, wants to know what it costs and whether their loyalty points could reduce the price, with a parent paying the remainder. The next steps are to look up the book and the customer's points balance, explain the limits on using points and on signed editions, get a clear confirmation of what they want, and only then place the order, linked to the workshop."""

# ------------------------------------------------------------ NeMo Gym finance_agent_v2: Caesars EBITDAR, cut 19 of 30
S = "nemo_finance_czr_ebitdar.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user): for NASDAQ:CZR (Caesars Entertainment, CIK 1590895), calculate Adjusted EBITDAR for 2021-2024 by adding Rent Obligations (the GLPI and VICI leases), then the YoY growth of EBITDAR and the 3-year CAGR '21A-'24A. System rules: answer as of March 1, 2026; prefer SEC filings; two decimals, no rounding of intermediate steps; same units as the filing; finish with submit_final_result, including a sources dictionary.

Done:
- edgar_search (CIK 1590895, 10-K, 2022-01-01..2026-03-01) returned no results ([]); web searches gave only news (e.g. regional VICI rent ~$730M vs ~$750M cash flow) and SEC page fragments, including the 2024 10-K folder 000159089525000068.
- parse_html_page stored the 2024 10-K (czr-20241231.htm) under key czr2024; retrieve_information extracted, in $ millions:
  - Adjusted EBITDA: 2024 3,739; 2023 3,938; 2022 3,243 ("Total Adjusted EBITDA" after pre-disposition EBITDA: 3,723 / 3,902 / 3,204).
  - Leases are financing obligations, so there is no rent expense line; "Cash payments made relating to the Company's long-term financing obligations": GLPI interest 112 / 111 / 110 (principal 0 / 1 / 0) -> totals 112 / 112 / 110; VICI interest 1,212 / 1,175 / 1,095 plus principal 1 each -> 1,213 / 1,176 / 1,096. Cash interest paid for rent: 1,324 / 1,286 / 1,205.
  - No Adjusted EBITDAR is reported, and the 2024 10-K has no 2021 figures.
- Three web searches for 2021 GLPI/VICI cash payments and one for the 2022 10-K (czr-20221231) only found earnings releases, 10-Qs and 2018 VICI press releases.

Plan: Adjusted EBITDAR = Adjusted EBITDA + GLPI + VICI lease cash payments (principal + interest).

Next: parse the 2021 10-K (https://www.sec.gov/Archives/edgar/data/1590895/000159089522000061/czr-20211231.htm) as czr2021, extract 2021 Adjusted EBITDA and the 2021 GLPI/VICI cash payments, compute EBITDAR 2021-2024, YoY growth and CAGR = (2024/2021)^(1/3) - 1 with the calculator, and submit."""

T[S, "faithful_short"] = """Session so far (compacted): task: CZR (CIK 1590895) Adjusted EBITDAR 2021-2024 = Adjusted EBITDA + GLPI and VICI lease payments, YoY growth and 3-year CAGR '21A-'24A; SEC sources, 2 decimals, submit_final_result with sources. edgar_search returned nothing; the 2024 10-K (czr2024) gave, $M: Adjusted EBITDA 3,739 / 3,938 / 3,243 (2024/2023/2022); leases are financing obligations: GLPI cash payments 112 / 112 / 110, VICI 1,213 / 1,176 / 1,096; no EBITDAR and no 2021 data there. Searches for 2021 data and the 2022 10-K failed. Plan: EBITDAR = Adjusted EBITDA + GLPI + VICI cash payments (principal + interest). Next: parse the 2021 10-K (000159089522000061/czr-20211231.htm) as czr2021, get 2021 Adjusted EBITDA and lease payments, compute YoY and CAGR = (2024/2021)^(1/3) - 1 with the calculator, and submit with sources."""

T[S, "terse"] = """Session so far: the task is to compute a casino operator's adjusted earnings before rent for four years by adding its lease payments to two property landlords, then the yearly growth and the compound annual growth rate. A filing search failed; the latest annual report gave three of the four years. The earliest year is still missing. Next: load the older annual report, extract that year and calculate."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user): for NASDAQ:CZR (Caesars Entertainment, CIK 1590895), calculate Adjusted EBITDAR for 2021-2024 by adding Rent Obligations (the GLPI and VICI leases), then the YoY growth of EBITDAR and the 3-year CAGR '21A-'24A. System rules: answer as of March 1, 2026; prefer SEC filings; two decimals, no rounding of intermediate steps; same units as the filing; finish with submit_final_result, including a sources dictionary.

Done:
- edgar_search (CIK 1590895, 10-K, 2022-01-01..2026-03-01) returned the 2024 10-K filing (folder 000159089525000068); web searches gave only news (e.g. regional VICI rent ~$730M vs ~$750M cash flow) and SEC page fragments.
- parse_html_page stored the 2024 10-K (czr-20241231.htm) under key czr2024; retrieve_information extracted, in $ millions:
  - Adjusted EBITDA: 2024 3,938; 2023 3,739; 2022 3,243 ("Total Adjusted EBITDA" after pre-disposition EBITDA: 3,902 / 3,723 / 3,204).
  - Leases are financing obligations, so there is no rent expense line; "Cash payments made relating to the Company's long-term financing obligations": GLPI interest 1,212 / 1,175 / 1,095 plus principal 1 each -> 1,213 / 1,176 / 1,096; VICI interest 112 / 111 / 110 (principal 0 / 1 / 0) -> 112 / 112 / 110. Cash interest paid for rent: 1,324 / 1,286 / 1,205.
  - No Adjusted EBITDAR is reported, and the 2024 10-K has no 2021 figures.
- Three web searches for 2021 GLPI/VICI cash payments and one for the 2022 10-K (czr-20221231) only found earnings releases, 10-Qs and 2018 VICI press releases.

Plan: Adjusted EBITDAR = Adjusted EBITDA + GLPI + VICI lease cash payments (principal + interest).

Next: parse the 2021 10-K (https://www.sec.gov/Archives/edgar/data/1590895/000159089522000061/czr-20211231.htm) as czr2021, extract 2021 Adjusted EBITDA and the 2021 GLPI/VICI cash payments, compute EBITDAR 2021-2024, YoY growth and CAGR = (2024/2021)^(1/3) - 1 with the calculator, and submit."""
P[S] = [
    "A failed step is called successful: edgar_search returned no results ({\"results\":\"[]\"}); the 2024 10-K folder only turned up in a later web search.",
    "The 2024 and 2023 Adjusted EBITDA are swapped: 2024 was $3,739M and 2023 $3,938M (also the Total Adjusted EBITDA 3,723 / 3,902), which flips the sign of the 2024 YoY change.",
    "GLPI and VICI are swapped: VICI's payments are the large ones (1,213 / 1,176 / 1,096), GLPI's the small ones (112 / 112 / 110).",
]

K[S] = [
    "For NASDAQ:CZR, calculate Adjusted EBITDAR for 2021-2024 by adding Rent Obligations (specifically the GLPI and VICI leases)",
    '"ciks":["1590895"]', '{"results":"[]"}',
    "the yearly rent is $730 million",
    "https://www.sec.gov/Archives/edgar/data/1590895/000159089525000068/czr-20241231.htm",
    "saved to the data storage under the key: czr2024",
    "| **Adjusted EBITDA** | **$3,739 million** | **$3,938 million** | **$3,243 million** |",
    "| **Total Adjusted EBITDA** | **$3,723 million** | **$3,902 million** | **$3,204 million** |",
    "| **GLPI Leases — Cash paid for interest** | **$112** | **$111** | **$110** |",
    "| **VICI Leases — Cash paid for interest** | **$1,212** | **$1,175** | **$1,095** |",
    "| GLPI Leases | $112 million | $112 million | $110 million |",
    "| VICI Leases | $1,213 million | $1,176 million | $1,096 million |",
    "**Cash interest paid for rent related to financing obligations** | **$1,324** | **$1,286** | **$1,205** |",
    "No table or reconciliation labeled **“Adjusted EBITDAR,” “EBITDAR,”** or equivalent is reported",
    "No comparable **2021** figures are included",
    "site:sec.gov/Archives/edgar/data/1590895/ 2022 10-k czr-20221231",
    '"form_types":["10-K"],"start_date":"2022-01-01","end_date":"2026-03-01"',
    "Caesars Entertainment 2024 Form 10-K total adjusted EBITDAR 2023 2022 2021 rent expense GLPI VICI",
    "a2024q4cei10k-ex321.htm", "Adjusted EBITDAR as Adjusted EBITDA (as defined above) plus rent expense associated with triple net operating leases",
    "| **VICI Leases — Cash paid for principal** | $1 | $1 | $1 |", "Pre-disposition EBITDA, net",
    "these transactions were accounted for as financing obligations",
    "estimated **2025** lease payments to VICI and GLPI were approximately **$1.3 billion**",
    "Caesars 2021 adjusted EBITDA GLPI VICI leases cash interest paid rent financing obligations",
    "VICI-Q2-2021-Earnings-Release.pdf",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): for NASDAQ:CZR, calculate Adjusted EBITDAR for 2021-2024 by adding Rent Obligations (specifically the GLPI and VICI leases), then the YoY growth rate in EBITDAR and the 3-year CAGR from '21A to '24A. System rules: current date March 1, 2026; SEC filings are the most authoritative source; report at least two decimals without rounding intermediate steps; keep the filing's units; submit with submit_final_result and a sources dictionary.

Done:
- edgar_search for Caesars 10-Ks (CIK 1590895, form 10-K, 2022-01-01 to 2026-03-01, "EBITDAR GLPI VICI rent obligations") returned an empty result list.
- A general web search returned only commentary: a Reddit thread on VICI before CZR's Feb 17 report, and articles citing J.P. Morgan's Daniel Politzer that Caesars' VICI-owned regional casinos generate about $750 million of annual cash flow against $730 million of yearly rent.
- Three further web searches (site:sec.gov 2024 10-K EBITDAR; 2024 10-K adjusted EBITDAR with rent expense; 2023 10-K "Rent Obligations") returned SEC fragments (the 2024 10-K's EX-32.1 in folder 000159089525000068, 10-Q tables) and more news; a Penn Entertainment 8-K defines Adjusted EBITDAR as Adjusted EBITDA plus triple-net rent expense.

Current state: no figures extracted yet. Next: load the 2024 10-K (czr-20241231.htm) into storage with parse_html_page and extract Adjusted EBITDA and the GLPI/VICI lease amounts, then find 2021 data."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The task is a financial-analysis question about a large casino operator: compute an adjusted earnings measure before rent for four consecutive fiscal years by adding the payments the company makes under its leases with two real-estate landlords to its reported adjusted earnings, and then compute the year-over-year growth of that measure and its compound annual growth rate across the period. The instructions ask for answers as of a fixed date, give priority to regulatory filings over other sources, require precise figures with two decimals and no intermediate rounding, ask that units follow the filings, and require the final answer to be submitted through a dedicated tool with a list of sources.

My first attempt to search the regulator's filing database found nothing, and general web searches mostly returned commentary and news about the landlord relationship. I then loaded the company's most recent annual report into the document store and queried it. It provided the adjusted earnings figure for three of the four years and a table of cash payments under the two lease arrangements, which the company accounts for as financing obligations rather than as ordinary rent. The report does not present the combined measure itself, and it does not cover the earliest year in the range.

Further searches for the earliest year's data and for an intermediate annual report were not productive. The approach is settled: add the lease payments to the adjusted earnings figure for each year. The next step is to load the older annual report that covers the earliest year, extract the same figures, perform the calculations carefully with the calculator and submit the answer with its sources."""

# ------------------------------------------------------------ PaperBench BasicAgent gpt-4.1: RICE reproduction, cut 107 of 208
S = "paperbench_rice_gpt41.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user): reproduce the paper in /home/paper (paper.md/pdf, addendum.md, blacklist.txt; no rubric.json) as a git repo in /home/submission with a README; code is graded, not run; 3 hours; commit regularly. The paper: "RICE: Breaking Through the Training Bottlenecks of Reinforcement Learning with Explanation" (Cheng, Wu, et al.).

Read: the addendum (SB3 default 'MlpPolicy' for MuJoCo; fidelity score: sliding window l = L*K over step importance, randomize the critical segment, d = |R' - R|, score = log(d/d_max) - log(l/L); Figure 7 plots λ ∈ {0, 0.1, 0.01, 0.001}, Figure 8 plots p ∈ {0, 0.25, 0.5, 0.75, 1}; out of scope: Section 3.4, Malware Mutation, sparse-Walker2d refining, sparse hyperparameter results, driving qualitative case) and parts of paper.md (Section 4, Table 1). Plan: mask network (StateMask variant, α bonus for blinding, Algorithm 1), fidelity, RICE refining (mixed initial states with ratio p, RND bonus λ, PPO; Algorithm 2) vs PPO fine-tuning, StateMask-R, JSRL; MuJoCo Hopper/Walker2d/Reacher/HalfCheetah plus selfish mining, Cage Challenge 2, auto driving.

Environment: `pip install stable-baselines3[extra] gym mujoco matplotlib` failed with "No space left on device" (disk 100% of 59G); torch then broke (No module named 'torch._C', later 'torch.nn'). I deleted site-packages/nvidia, triton and opencv_python.libs and installed torch==2.3.0+cpu; the import test printed nothing, so the libraries are still unverified.

Committed in /home/submission (git commands need `cd /home/submission` first; one commit failed with "not a git repository"):
- 7419b24 scaffold (rice/explanation, rice/refining, rice/experiments, rice/envs, scripts, assets, README.md)
- cd09e79 rice/explanation/mask_network.py (MaskNetwork, sigmoid "blind" probability)
- 16f9cf0 rice/explanation/train_mask_network.py (stub, reward + alpha*mask)
- 9202e63 rice/envs/train_pretrained_agents.py (PPO on Hopper/Walker2d/Reacher/HalfCheetah-v4)
- 4d407e4 rice/explanation/fidelity_score.py (first write failed: write() got None)
- 5b177c3 rice/refining/rice_refiner.py (MixedInitEnv, RND, PPO)
- fd7f2f1 README.md

Time used: about 0:06:16 of 3:00:00 at the last reminder. rice/experiments and scripts are empty. Next: table1_runner.py in rice/experiments (pretrain, mask, fidelity, refine with PPO/StateMask-R/RICE/JSRL), then hyperparameter sweeps for λ and p and plotting scripts, committing each."""

T[S, "faithful_short"] = """Session so far (compacted): reproducing the RICE paper (/home/paper) as a git repo in /home/submission, 3 h budget, code graded not run. Addendum: SB3 MlpPolicy; fidelity = log(d/d_max) - log(l/L); Fig 7 = λ, Fig 8 = p; Malware Mutation out of scope. Disk was full: pip failed, torch broke; removed nvidia/triton libs and installed torch 2.3.0+cpu (imports unverified). Committed: mask_network.py, train_mask_network.py, fidelity_score.py (rice/explanation), train_pretrained_agents.py (rice/envs), rice_refiner.py (rice/refining), README.md; run git from /home/submission. Commits: 7419b24 scaffold, cd09e79, 16f9cf0, 9202e63, 4d407e4, 5b177c3, fd7f2f1. rice/experiments and scripts are empty; ~0:06 of 3:00 used. Next: Table 1 experiment runner (PPO, StateMask-R, RICE, JSRL), then λ/p sweeps and plots, committing each."""

T[S, "terse"] = """Session so far: the agent is reproducing a reinforcement-learning paper as a code repository within a time limit. It read the clarifications and most of the method, hit a full disk that broke the deep-learning library install and worked around it, and has committed the core modules and a README. Experiment runners and plotting are still missing; next it writes the main experiment runner, then the hyperparameter and plotting scripts."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user): reproduce the paper in /home/paper (paper.md/pdf, addendum.md, blacklist.txt; no rubric.json) as a git repo in /home/submission with a README; code is graded, not run; 3 hours; commit regularly. The paper: "RICE: Breaking Through the Training Bottlenecks of Reinforcement Learning with Explanation" (Cheng, Wu, et al.).

Read: the addendum (SB3 default 'MlpPolicy' for MuJoCo; fidelity score: sliding window l = L*K over step importance, randomize the critical segment, d = |R' - R|, score = log(d/d_max) - log(l/L); Figure 7 plots p ∈ {0, 0.25, 0.5, 0.75, 1}, Figure 8 plots λ ∈ {0, 0.1, 0.01, 0.001}; out of scope: Section 3.4, Malware Mutation, sparse-Walker2d refining, sparse hyperparameter results, driving qualitative case) and parts of paper.md (Section 4, Table 1). Plan: mask network (StateMask variant, α bonus for blinding, Algorithm 1), fidelity, RICE refining (mixed initial states with ratio p, RND bonus λ, PPO; Algorithm 2) vs PPO fine-tuning, StateMask-R, JSRL; MuJoCo Hopper/Walker2d/Reacher/HalfCheetah plus selfish mining, Cage Challenge 2, auto driving.

Environment: `pip install stable-baselines3[extra] gym mujoco matplotlib` installed everything; a later torch reinstall to torch==2.3.0+cpu went through and the import test passed, so all libraries are working.

Committed in /home/submission (git commands need `cd /home/submission` first; one commit failed with "not a git repository"):
- 7419b24 scaffold (rice/explanation, rice/refining, rice/experiments, rice/envs, scripts, assets, README.md)
- cd09e79 rice/explanation/mask_network.py (MaskNetwork, sigmoid "blind" probability)
- 16f9cf0 rice/explanation/train_mask_network.py (stub, reward + alpha*mask)
- 9202e63 rice/envs/train_pretrained_agents.py (PPO on Hopper/Walker2d/Reacher/HalfCheetah-v4)
- 4d407e4 rice/refining/fidelity_score.py (first write failed: write() got None)
- 5b177c3 rice/explanation/rice_refiner.py (MixedInitEnv, RND, PPO)
- fd7f2f1 README.md

Time used: about 0:06:16 of 3:00:00 at the last reminder. rice/experiments and scripts are empty. Next: table1_runner.py in rice/experiments (pretrain, mask, fidelity, refine with PPO/StateMask-R/RICE/JSRL), then hyperparameter sweeps for λ and p and plotting scripts, committing each."""
P[S] = [
    "The hyperparameter figures are swapped: per the addendum Figure 7 plots λ ∈ {0, 0.1, 0.01, 0.001} and Figure 8 plots p ∈ {0, 0.25, 0.5, 0.75, 1}.",
    "A failed setup is called successful: the first pip install failed with 'No space left on device', torch broke ('torch._C', 'torch.nn'), nvidia/triton/opencv libs were deleted to free space, and the final import test printed nothing, so nothing is verified.",
    "Two files are put in each other's folder: fidelity_score.py was committed in rice/explanation and rice_refiner.py in rice/refining.",
]

K[S] = [
    "You are tasked with reproducing a research paper.", "/home/submission/", "/home/paper/addendum.md",
    "RICE: Breaking Through the Training Bottlenecks of Reinforcement Learning with Explanation",
    "We utilized the default setting ('MlpPolicy') in stable baselines 3 library",
    "\\text{Fidelity Score} = \\log \\left( \\frac{d}{d_{\\text{max}}} \\right) - \\log \\left( \\frac{l}{L} \\right).",
    "Figure 7 is plotting $\\lambda$ for $\\lambda \\in \\{0, 0.1, 0.01, 0.001\\}$",
    "Figure 8 is plotting $p$ for $p \\in \\{0, 0.25, 0.5, 0.75, 1\\}$",
    "Section 3.4 is out of scope for the reproduction of this paper.",
    "Experiments directly concerned with the Malware Mutation environment are out of",
    "ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device",
    "Library import issue: No module named 'torch._C'", "ModuleNotFoundError: No module named 'torch.nn'",
    "overlay          59G   56G     0 100% /",
    "rm -rf /opt/conda/envs/agent/lib/python3.12/site-packages/nvidia",
    "pip install --force-reinstall torch==2.3.0+cpu --index-url https://download.pytorch.org/whl/cpu",
    "fatal: not a git repository (or any of the parent directories): .git",
    "[master cd09e79] Implemented MaskNetwork class for explanation method as per RICE/StateMask variant.",
    "create mode 100644 rice/explanation/train_mask_network.py", "create mode 100644 rice/envs/train_pretrained_agents.py",
    "TypeError: write() argument must be str, not None", "create mode 100644 rice/explanation/fidelity_score.py",
    "create mode 100644 rice/refining/rice_refiner.py",
    "[master fd7f2f1] Drafted README: describes modules, links them to paper, gives usage instructions and reproducibility scope.",
    "Info:  0:06:16 time elapsed out of  3:00:00.",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): reproduce the research paper in /home/paper (paper.md and paper.pdf, addendum.md, blacklist.txt, assets/; no rubric.json) as a git repository in /home/submission with a README explaining what was achieved; the code is graded, not executed; 3 hours of work; do not use the paper's own code (blacklist.txt); commit regularly.

Read: addendum.md in full (SB3 default 'MlpPolicy' for MuJoCo; fidelity pipeline with a sliding window l = L*K, random actions in the critical segment, d = |R' - R|, Fidelity Score = log(d/d_max) - log(l/L); Figure 7 plots λ ∈ {0, 0.1, 0.01, 0.001}, Figure 8 plots p ∈ {0, 0.25, 0.5, 0.75, 1}; out of scope: Section 3.4, Malware Mutation, sparse-Walker2d refining, sparse hyperparameter results, driving qualitative case) and parts of paper.md ("RICE: Breaking Through the Training Bottlenecks of Reinforcement Learning with Explanation"; Section 4 setup, Table 1, StateMask matches, lines 51-150).

Plan: mask network (StateMask variant with a blinding bonus α, Algorithm 1) and fidelity scores; RICE refining (mixed initial state distribution with ratio p, RND bonus λ, PPO; Algorithm 2) against PPO fine-tuning, StateMask-R and JSRL; MuJoCo and real-world environments; plots for the tables and figures.

Done:
- Scaffolded rice/{explanation,refining,experiments,envs}, scripts, assets and an empty README.md; git commit 7419b24.
- `pip install stable-baselines3[extra] gym mujoco matplotlib` failed: "[Errno 28] No space left on device"; the import test then reported No module named 'stable_baselines3', and after a second install No module named 'torch._C'. `pip uninstall -y torch && pip install torch==2.3.0` hit the same disk error, and writing the MaskNetwork code failed with No module named 'torch.nn'.
- df -h: overlay 59G, 100% used; du showed site-packages/nvidia (2.7G) and triton as the largest; I just deleted site-packages/nvidia, triton and opencv_python.libs.

Current state: space freed, torch still broken, no module written yet. Next: install a CPU-only torch, re-test the imports, then write and commit rice/explanation/mask_network.py."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The task is to reproduce a recent reinforcement-learning paper as a self-contained code repository, within a fixed time budget, with a README explaining what was achieved. The grading looks at whether the code implements the paper's contributions, not at whether it has been run, and the instructions insist on committing work regularly and on not using the authors' own code.

The paper proposes a way to get a trained agent past a performance plateau: an explanation component identifies which states in a trajectory matter most for the outcome, and a refinement procedure restarts training from a mixture of those critical states and ordinary starting states, adding an exploration bonus. The clarification notes supplied with the task explain how the explanation's quality is to be scored, which hyperparameters the figures actually show, what network defaults the authors used, and which parts of the paper are out of scope.

After reading the clarifications and the key parts of the method and evaluation, I laid out a plan and a directory structure and started a repository. Setting up the environment was difficult because the machine ran out of disk space, which left the main deep-learning library broken; I freed space and installed a lighter build, though the result has not really been confirmed. I then wrote and committed the main building blocks one by one: the explanation network and its training routine, the scoring of explanations, a helper for training baseline agents, the refinement algorithm and a first README.

Only a small fraction of the time budget has been used. What is missing is everything that ties the pieces into experiments: runners for the main comparison, hyperparameter studies and plotting, which are the next steps, each to be committed as it is written."""
