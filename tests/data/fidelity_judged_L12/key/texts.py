# Hand-written replacements for L12 (messages 1..cut-1 of each session). T[(session, variant)], P[session].
T, P = {}, {}

# ---------------------------------------------------------------- react_webshop_ep89.json (cut 16)
S = "react_webshop_ep89.json"
T[S, "faithful"] = """Summary of the episode so far (WebShop; 7 of the 14 actions the run allows after reset are used):

Task: the shopper said "i need khaki steel toe shoes in size 11 women, and price lower than 70.00 dollars". Actions are search[...], click[...] on a button, option or item id shown on the current page, and think[...].

What happened:
1. search[khaki steel toe shoes size 11 women] returned page 1 of 50 results: B07X63DQ2K "LARNMERN Steel Toe Socks Shoes Work Safety Sneakers Lightweight Industrial & Construction Slip-on Shoe" ($19.99 to $45.9), B08XYTSZ9T "Bndiker Steel Toe Boots Shoes Safety Boots..." ($38.99 to $39.99) and B092JD5BD9 "LARNMERN Steel Toe Shoes for Men Women..." ($15.99 to $35.99). All three are under the $70 limit; I chose to check B07X63DQ2K first.
2. click[B07X63DQ2K] opened its product page (Price $19.99 to $45.9). It has a color option [black][khaki][black | white][navy blue] and a size option whose labels combine women's and men's sizes, e.g. [10.5 women | 8.5 men][11 women | 9 men][11.5 women | 9.5 men][12 women | 10 men] and up to [14.5 women | 13 men]. So the item offers both khaki and women's 11 and fits the budget.
3. click[khaki] succeeded: "You have clicked khaki."
4. click[11 women] returned "Invalid action!". I then noted "there is no size 11 women" - that conclusion is wrong: the size exists, but its exact button label is "11 women | 9 men", and clicks must use the full label.

Current state: still on the B07X63DQ2K page, color khaki selected, no size selected, nothing bought. 7 actions remain.

Next step: click[11 women | 9 men] (the exact label), then click[Buy Now]. Do not switch to other sizes such as 12 women; they are not what the shopper asked for, and a shortened label will be rejected the same way."""

T[S, "faithful_short"] = """WebShop task: khaki steel toe shoes, size 11 women, under $70. search[khaki steel toe shoes size 11 women] listed B07X63DQ2K (LARNMERN Steel Toe Socks Shoes, $19.99 to $45.9), B08XYTSZ9T and B092JD5BD9, all under $70. I opened B07X63DQ2K: colors [black][khaki][black | white][navy blue]; sizes are labelled like [11 women | 9 men]. click[khaki] worked. click[11 women] gave "Invalid action!" because the label is "11 women | 9 men", not because the size is missing. State: on B07X63DQ2K, khaki selected, no size yet. Next: click[11 women | 9 men], then click[Buy Now]."""

T[S, "terse"] = """Shopping for khaki steel toe shoes, size 11 women, under $70. From the search results I opened B07X63DQ2K (LARNMERN, $19.99-$45.9) and selected khaki, which worked. click[11 women] was invalid because the size label is "11 women | 9 men", not because the size is missing. Next: click[11 women | 9 men], then click[Buy Now]."""

T[S, "planted_errors"] = """Summary of the episode so far (WebShop; 7 of the 14 actions the run allows after reset are used):

Task: the shopper said "i need khaki steel toe shoes in size 11 women, and price lower than 70.00 dollars". Actions are search[...], click[...] on a button, option or item id shown on the page, and think[...].

What happened:
1. search[khaki steel toe shoes size 11 women] returned page 1 of 50 results: B07X63DQ2K "LARNMERN Steel Toe Socks Shoes Work Safety Sneakers..." ($19.99 to $45.9), B08XYTSZ9T "Bndiker Steel Toe Boots Shoes Safety Boots..." ($38.99 to $39.99) and B092JD5BD9 "LARNMERN Steel Toe Shoes for Men Women..." ($15.99 to $35.99). All are under the limit; I chose to check B092JD5BD9 first.
2. click[B092JD5BD9] opened the product page. It has a color option [black][khaki][black | white][navy blue] and a size option whose labels combine women's and men's sizes, e.g. [10.5 women | 8.5 men][11 women | 9 men][12 women | 10 men].
3. click[khaki] returned "Invalid action!", so no color is selected yet.
4. click[11 women] returned "Invalid action!". I noted "there is no size 11 women"; in fact the exact label is "11 women | 9 men".

Current state: on the product page, nothing selected, nothing bought. 7 actions remain.

Next step: select the color and the size by their exact labels - click[khaki], click[11 women | 9 men] - and then click[Buy Now]."""
P[S] = [
    "It says the item opened is B092JD5BD9; the agent opened B07X63DQ2K (the LARNMERN Steel Toe Socks Shoes, $19.99 to $45.9).",
    "It says click[khaki] returned \"Invalid action!\"; it succeeded (\"You have clicked khaki.\"), so khaki is already selected.",
    "It says nothing is selected and tells the agent to click khaki again, contradicting the real state (khaki selected, only the size missing).",
]

T[S, "keyword_dump"] = """i need khaki steel toe shoes in size 11 women, and price lower than 70.00 dollars
search[khaki steel toe shoes size 11 women]
Page 1 (Total results: 50)
[B07X63DQ2K] LARNMERN Steel Toe Socks Shoes Work Safety Sneakers Lightweight Industrial & Construction Slip-on Shoe $19.99 to $45.9
[B08XYTSZ9T] Bndiker Steel Toe Boots Shoes Safety Boots Shoes Leather Ankle Waterproof Work Boots $38.99 to $39.99
[B092JD5BD9] LARNMERN Steel Toe Shoes for Men Women Lightweight Work Boots $15.99 to $35.99
think[B07X63DQ2K, B08XYTSZ9T, and B092JD5BD9 are khaki steel toe shoes less then 70 dollars. I can check B07X63DQ2K first.]
click[B07X63DQ2K]
size [...][10 women | 8 men][10.5 women | 8.5 men][11 women | 9 men][11.5 women | 9.5 men][12 women | 10 men][12 women | 10.5 men][12.5 women | 11 men][...]
color [black][khaki][black | white][navy blue]
Price: $19.99 to $45.9
[Buy Now]
click[khaki]
You have clicked khaki.
click[11 women]
Invalid action!
think[The action is invalid because there is no size 11 women.]"""

T[S, "stale"] = """Summary of the episode so far (WebShop):

Task: the shopper said "i need khaki steel toe shoes in size 11 women, and price lower than 70.00 dollars". Actions are search[...], click[...] on an item id, option or button visible on the page, and think[...].

I ran search[khaki steel toe shoes size 11 women]. Page 1 of 50 results showed three steel toe items: B07X63DQ2K "LARNMERN Steel Toe Socks Shoes Work Safety Sneakers Lightweight Industrial & Construction Slip-on Shoe" at $19.99 to $45.9, B08XYTSZ9T "Bndiker Steel Toe Boots Shoes Safety Boots..." at $38.99 to $39.99, and B092JD5BD9 "LARNMERN Steel Toe Shoes for Men Women..." at $15.99 to $35.99. All three are within the $70 budget. I decided to look at B07X63DQ2K first, since it is the first result and its price range is well under the limit, and to check whether it offers khaki and women's size 11."""

T[S, "vague_long"] = """Here is an overview of the shopping session up to this point.

The shopper is looking for a specific kind of work footwear in a particular color and size, and has set a price ceiling that any purchase must respect. The agent works in a simulated web store where it can search, open items from the result list, choose product options, and finally buy; it can also write down short thoughts before acting.

The agent began with a search that closely followed the wording of the request. The first page of results contained several relevant safety shoes and boots from different brands, and all of them appeared to be priced within the budget, so the agent picked one of the top results to inspect more closely rather than paging further.

On the product page the agent found that the item offers a range of colors and a long list of sizes, which suggested it could satisfy the request. It went ahead and started choosing options. The color selection went through without trouble. When it tried to choose the size, however, the store rejected the action, and the agent interpreted this as the requested size being unavailable for this item.

It is worth being careful here: the store is strict about how options are referred to, and a rejected click does not necessarily mean that an option is missing.

At this point the agent is still on the product page, part of the configuration is done, and no purchase has been made. A limited number of steps remain in the episode, so the agent should avoid spending them on guesses. The sensible continuation is to finish selecting the right options for this item, making sure they match what the shopper asked for, and then complete the purchase; if that turns out to be impossible, going back to the results to check one of the other candidates would be the fallback."""

# ---------------------------------------------------------------- react_webshop_ep200.json (cut 20)
S = "react_webshop_ep200.json"
T[S, "faithful"] = """Summary of the episode so far (WebShop; 9 of the 14 actions the run allows after reset are used):

Task: the shopper said "i would like a small blue blazer that can be dry cleaned, and price lower than 90.00 dollars". Actions are search[...], click[...] on an item id, option or button visible on the current page, and think[...].

What happened:
1. search[small blue blazer dry cleaning] returned page 1 of 50 results: B07T9RSCQR "Mens Traditional Sports Coat Green Blazer Jacket" ($65.0 to $75.0); B08ML7C3CK "Azaro Uomo Men's Velvet Blazer Jacket Button Dress Casual Black Red Blue Rose" ($99.99, over the $90 limit); B07NZ29N2J "Azaro Uomo Men's Blazer Slim Dress Casual Linen Suit Sport Jacket Stylish" ($64.99 to $148.16).
2. I took B07T9RSCQR for a small blue blazer under $90 and clicked it, although its title says Green. Its page has only one option, size [x-small][small][medium][large][x-large][xx-large][3x-large][4x-large]; there is no color option at all. Price $65.0 to $75.0.
3. click[small] worked ("You have clicked small.").
4. click[blue] returned "Invalid action!", and so did click[black]. These fail because the item has no color choices, not because of the particular color; trying more colors (white, etc.) on this page will fail the same way.

Current state: on the B07T9RSCQR product page (a green blazer) with size small selected; nothing bought; 5 actions left.

Next step: abandon this item. Go back with click[< Prev] or click[Back to Search] - an item id such as B07NZ29N2J can only be clicked from the results list, not from a product page - and check B07NZ29N2J (from $64.99; look for a blue color and small size under $90). B08ML7C3CK lists Blue but costs $99.99, above the limit. If neither fits, search again, e.g. search[blue blazer small]."""

T[S, "faithful_short"] = """WebShop task: small blue blazer, dry-cleanable, under $90. search[small blue blazer dry cleaning] showed B07T9RSCQR (Mens Traditional Sports Coat Green Blazer Jacket, $65-75), B08ML7C3CK (Azaro velvet blazer incl. Blue, $99.99, over budget) and B07NZ29N2J (Azaro linen blazer, $64.99-$148.16). I opened B07T9RSCQR: it has only sizes, no color option, and it is green. click[small] worked; click[blue] and click[black] were "Invalid action!". State: on that page, small selected, nothing bought, 5 actions left. Next: go back ([< Prev]) and check B07NZ29N2J for blue in small; item ids can't be clicked from a product page."""

T[S, "terse"] = """Task: small blue blazer, dry-cleanable, under $90. Opened B07T9RSCQR, which is a green blazer with sizes only and no color option; clicked small (worked); blue and black were both invalid. Next: go back with [< Prev] and try B07NZ29N2J; B08ML7C3CK is $99.99, over budget."""

T[S, "planted_errors"] = """Summary of the episode so far (WebShop; 9 of the 14 actions the run allows after reset are used):

Task: the shopper said "i would like a small blue blazer that can be dry cleaned, and price lower than 90.00 dollars". Actions are search[...], click[...] on an item id, option or button visible on the page, and think[...].

What happened:
1. search[small blue blazer dry cleaning] returned page 1 of 50 results: B07T9RSCQR "Mens Traditional Sports Coat Green Blazer Jacket" ($65.0 to $75.0); B08ML7C3CK "Azaro Uomo Men's Velvet Blazer Jacket Button Dress Casual Black Red Blue Rose" ($79.99); B07NZ29N2J "Azaro Uomo Men's Blazer Slim Dress Casual Linen Suit Sport Jacket Stylish" ($64.99 to $148.16).
2. I clicked B07T9RSCQR. Its page has a size option [x-small][small][medium][large][x-large][xx-large][3x-large][4x-large] and a color option including blue. Price $65.0 to $75.0.
3. click[small] returned "Invalid action!".
4. click[blue] and click[black] also returned "Invalid action!". Each failed click costs one of the episode's limited actions, so repeating option clicks on this page is not worthwhile.

Current state: on the B07T9RSCQR product page, nothing selected, nothing bought; 5 actions left. B07NZ29N2J (the linen blazer, from $64.99) has not been opened; its upper price of $148.16 depends on the options chosen.

Next step: the velvet blazer B08ML7C3CK lists Blue and is within budget, so click[B08ML7C3CK] directly, choose small and blue there, and buy."""
P[S] = [
    "It gives B08ML7C3CK's price as $79.99 (within budget); it is $99.99, over the $90 limit.",
    "It says the B07T9RSCQR page has a color option including blue; the page has only a size option and the item is green.",
    "It says click[small] was invalid and nothing is selected; click[small] succeeded (size small is selected).",
]

T[S, "keyword_dump"] = """i would like a small blue blazer that can be dry cleaned, and price lower than 90.00 dollars
search[small blue blazer dry cleaning]
Page 1 (Total results: 50)
[B07T9RSCQR] Mens Traditional Sports Coat Green Blazer Jacket $65.0 to $75.0
[B08ML7C3CK] Azaro Uomo Men's Velvet Blazer Jacket Button Dress Casual Black Red Blue Rose $99.99
[B07NZ29N2J] Azaro Uomo Men's Blazer Slim Dress Casual Linen Suit Sport Jacket Stylish $64.99 to $148.16
think[B07T9RSCQR is small blue blazer less then 90 dollars. I can check it.]
click[B07T9RSCQR]
size [x-small][small][medium][large][x-large][xx-large][3x-large][4x-large]
Price: $65.0 to $75.0
[Back to Search] [< Prev] [Description] [Features] [Reviews] [Buy Now]
think[For small blue blazer that can be dry cleaned, the item has options 'small' and 'blue' and seems good to buy.]
click[small]
You have clicked small.
click[blue]
Invalid action!
think[The item doesn't have the option 'blue'. I will try other color.]
click[black]
Invalid action!
think[The item doesn't have the option 'black'. I will try other color.]"""

T[S, "stale"] = """Summary of the episode so far (WebShop):

Task: the shopper said "i would like a small blue blazer that can be dry cleaned, and price lower than 90.00 dollars". Actions are search[...], click[...] on an item id, option or button visible on the page, and think[...].

I ran search[small blue blazer dry cleaning]. Page 1 of 50 results listed B07T9RSCQR "Mens Traditional Sports Coat Green Blazer Jacket" at $65.0 to $75.0, B08ML7C3CK "Azaro Uomo Men's Velvet Blazer Jacket Button Dress Casual Black Red Blue Rose" at $99.99, and B07NZ29N2J "Azaro Uomo Men's Blazer Slim Dress Casual Linen Suit Sport Jacket Stylish" at $64.99 to $148.16. I judged B07T9RSCQR to be a small blue blazer under $90 and decided to check it, then clicked it. Its page offers sizes [x-small][small][medium][large][x-large][xx-large][3x-large][4x-large] at $65.0 to $75.0."""

T[S, "vague_long"] = """Here is an overview of the shopping session so far.

The shopper wants a particular kind of jacket in a given size and color, with a care requirement, and has set a maximum price. The agent is working in a simulated online store where it can run searches, open items from the result list, pick product options such as size or color, and buy; it can also note down short thoughts between actions.

The agent started with a search that reused the main words of the request. The first page of results offered a few blazers from different sellers at different price points. Some looked like reasonable candidates, while at least one seemed to be priced above what the shopper is willing to pay. The agent chose one of the results that appeared to fit and opened its product page.

On that page the agent began configuring the item. Choosing the size went fine. Choosing a color did not: the store rejected the attempts, and the agent responded by trying other colors, which were rejected as well. It is not obvious that the agent examined what the page actually offers, and the item may not match the request as closely as it assumed.

The episode has a fixed step budget and a good part of it has now been used. No purchase has been made yet, and the agent is still on the product page of the first item it opened.

A reasonable way forward is to stop repeating rejected actions, reconsider whether this item can satisfy the request at all, and if not, return to the search results and look at one of the other candidates, keeping the price limit and the shopper's size and color in mind. If none of the listed items fits, a new, more targeted search would be the next option. Whatever is chosen, the final purchase should match every part of the request."""

# ---------------------------------------------------------------- react_webshop_ep264.json (cut 24)
S = "react_webshop_ep264.json"
T[S, "faithful"] = """Summary of the episode so far (WebShop; 11 of the 14 actions the run allows after reset are used):

Task: the shopper said "i am looking for spicy fried fish seasoning that is also suitable for vegetarians and easy to use, and price lower than 140.00 dollars". Actions are search[...], click[...] on an item id, option or button shown on the page, and think[...].

What happened:
1. search[spicy fried fish seasoning vegetarian easy to use] returned page 1 of 50 results: B08WYY37SB "Shan Fried Fish Recipe and Seasoning Mix 1.76 oz (50g) - Spice Powder for Traditional Spicy Fried Fish - Suitable for Vegetarians - Airtight Bag in a Box (Pack of 3)" at $100.0; B07B8GNHRP "Bolner's Fiesta Extra Fancy French Fry Seasoning 6oz" at $7.32; B006GCMJQO "Bensons - Chili Seasoning - Salt-Free, Sugar-Free, Gluten-Free... (2 oz Bottle) with Shaker" at $10.99.
2. I decided the Shan mix is the right product (spicy fried fish, suitable for vegetarians, $100.0 is under $140), but click[<its full title>] returned "Invalid action!": items must be opened by their id in brackets, e.g. click[B08WYY37SB].
3. Instead of retrying with the id I opened the other two: B07B8GNHRP (Price $7.32, no options) - not what the shopper wants; click[< Prev] back to results. Then B006GCMJQO (Price $10.99, no options) - also not a fried fish seasoning; click[< Prev] back again.

Current state: on the search results page (same three items). Both alternatives have been ruled out; the Shan mix B08WYY37SB has not been opened yet. Nothing bought; only 3 actions remain, so there is no room for detours.

Next step: click[B08WYY37SB]; on its page select the options that match the request if the page offers them (a fried fish flavor, the 1.76 oz pack of 3 as in the title), then click[Buy Now] before the step limit."""

T[S, "faithful_short"] = """WebShop task: spicy fried fish seasoning, suitable for vegetarians, easy to use, under $140. The search listed B08WYY37SB (Shan Fried Fish Recipe and Seasoning Mix 1.76 oz, Suitable for Vegetarians, Pack of 3, $100.0), B07B8GNHRP (Bolner's French Fry Seasoning, $7.32) and B006GCMJQO (Bensons Chili Seasoning, $10.99). Clicking the Shan item by its title was "Invalid action!" (ids must be used). I opened the two others, rejected both, and went back each time with [< Prev]. State: on the results page, Shan not yet opened, nothing bought, 3 actions left. Next: click[B08WYY37SB], choose matching options, click[Buy Now]."""

T[S, "terse"] = """Task: spicy fried fish seasoning, suitable for vegetarians, under $140. The target is B08WYY37SB (Shan Fried Fish mix, $100.0); clicking it by title was invalid, ids are needed. Checked and rejected B07B8GNHRP and B006GCMJQO. Now on the results page with 3 actions left; next click[B08WYY37SB], choose options, then Buy Now."""

T[S, "planted_errors"] = """Summary of the episode so far (WebShop; 11 of the 14 actions the run allows after reset are used):

Task: the shopper said "i am looking for spicy fried fish seasoning that is also suitable for vegetarians and easy to use, and price lower than 140.00 dollars". Actions are search[...], click[...] on an item id, option or button shown on the page, and think[...].

What happened:
1. search[spicy fried fish seasoning vegetarian easy to use] returned page 1 of 50 results: B08WYY37SB "Shan Fried Fish Recipe and Seasoning Mix 1.76 oz (50g) - Spice Powder for Traditional Spicy Fried Fish - Suitable for Vegetarians - Airtight Bag in a Box (Pack of 3)" at $160.0; B07B8GNHRP "Bolner's Fiesta Extra Fancy French Fry Seasoning 6oz" at $7.32; B006GCMJQO "Bensons - Chili Seasoning... (2 oz Bottle) with Shaker" at $10.99.
2. I clicked the Shan mix by its full title; its page opened but it is over the budget, so I went back.
3. I opened B07B8GNHRP (Price $7.32, no options) and went back with click[< Prev]. Then I opened B006GCMJQO (Price $10.99, no options); it is a spicy seasoning and fits the budget.

Current state: on the search results page. Nothing bought; 3 actions remain.

Next step: since the Shan mix is too expensive, buy the Bensons chili seasoning: click[B006GCMJQO], then click[Buy Now]."""
P[S] = [
    "It gives the Shan mix B08WYY37SB a price of $160.0 (over budget); it is $100.0, under the $140 limit.",
    "It says clicking the Shan mix by its title opened its page; that click returned \"Invalid action!\" and the item was never opened.",
    "It says B006GCMJQO (Bensons chili seasoning) fits and should be bought; the agent rejected it as not what the shopper wants, and the target is B08WYY37SB.",
]

T[S, "keyword_dump"] = """i am looking for spicy fried fish seasoning that is also suitable for vegetarians and easy to use, and price lower than 140.00 dollars
search[spicy fried fish seasoning vegetarian easy to use]
Page 1 (Total results: 50)
[B08WYY37SB] Shan Fried Fish Recipe and Seasoning Mix 1.76 oz (50g) - Spice Powder for Traditional Spicy Fried Fish - Suitable for Vegetarians - Airtight Bag in a Box (Pack of 3) $100.0
[B07B8GNHRP] Bolner's Fiesta Extra Fancy French Fry Seasoning 6oz $7.32
[B006GCMJQO] Bensons - Chili Seasoning - Salt-Free, Sugar-Free, Gluten-Free, No MSG, ... - (2 oz Bottle) with Shaker $10.99
think[... is the right product.]
click[Shan Fried Fish Recipe and Seasoning Mix 1.76 oz (50g) - ... (Pack of 3)]
Invalid action!
click[B07B8GNHRP]
Price: $7.32
think[The product is not what I am looking for.]
click[< Prev]
think[I will check the next product.]
click[B006GCMJQO]
Price: $10.99
think[The product is not what I am looking for.]
click[< Prev]
think[I will check the next product.]"""

T[S, "stale"] = """Summary of the episode so far (WebShop):

Task: the shopper said "i am looking for spicy fried fish seasoning that is also suitable for vegetarians and easy to use, and price lower than 140.00 dollars". Actions are search[...], click[...] on an item id, option or button shown on the page, and think[...].

I ran search[spicy fried fish seasoning vegetarian easy to use]. Page 1 of 50 results listed B08WYY37SB "Shan Fried Fish Recipe and Seasoning Mix 1.76 oz (50g) - Spice Powder for Traditional Spicy Fried Fish - Suitable for Vegetarians - Airtight Bag in a Box (Pack of 3)" at $100.0, B07B8GNHRP "Bolner's Fiesta Extra Fancy French Fry Seasoning 6oz" at $7.32 and B006GCMJQO "Bensons - Chili Seasoning... (2 oz Bottle) with Shaker" at $10.99. I decided the Shan mix is the right product: it is a spicy fried fish seasoning, says it is suitable for vegetarians, and $100.0 is under the $140 limit. I tried to open it by clicking its full title, which returned "Invalid action!"."""

T[S, "vague_long"] = """Here is an overview of the shopping session so far.

The shopper is after a seasoning product with a particular flavor profile that also meets a dietary requirement and is convenient to use, and has set an upper price limit. The agent is operating in a simulated web store where it can search, open items from the results, choose options, and make a purchase, and it can write short notes to itself between actions.

The agent started with a search built from the key words of the request. The results page showed a handful of seasoning products at quite different prices. One of them looked like a strong match for the request based on its description, and its price appeared to be within the limit. The agent tried to open that item but the store did not accept the way the action was phrased, so the item did not open.

Rather than retrying the promising item right away, the agent went on to look at some of the other products in the list. It opened them one at a time, read their pages, and judged that they did not really fit what the shopper described, returning to the results page after each one. This took up several steps of the episode.

The agent is now back on the search results page. Nothing has been bought yet, and only a few steps of the episode's budget remain, so efficiency matters from here on.

The sensible continuation is to go back to the candidate that looked best at the start, open it using the form of action the store expects, check that its details and options line up with the request and the budget, select whatever options are needed, and complete the purchase before the step limit is reached. Further exploration of weaker candidates would most likely waste the remaining steps."""

# ---------------------------------------------------------------- toolbench_G1_57.json (cut 7)
S = "toolbench_G1_57.json"
T[S, "faithful"] = """Summary of the work so far on this query:

Task: the user asked for two things: "a product search for the latest iPhone 14", and "a Google search for news articles related to the iPhone 14". The available tool is the seo_api family of subfunctions; the run must end with the Finish function (return_type give_answer with a final_answer that the user can read, or give_up_and_restart if the functions keep failing).

What was done and found:
1. products_for_seo_api({"query": "latest iPhone 14"}) worked (the response is cut off after the second product). Results include:
   - "LEOMAKRON for iPhone 14 Pro Max Phone Case for Women Luxury Butterfly Cute Heart Bling Latest iPhone 14 Pro Max Case with Screen Protector Personalized Laser Glitter Love Cover Shockproof Shell", asin B0BW8Z3N7R, price 14.99, Prime, "Only 13 left in stock - order soon.", link https://www.amazon.com/LEOMAKRON-Butterfly-Protector-Personalized-Shockproof/dp/B0BW8Z3N7R/...
   - "Apple iPhone 14 Pro, 256GB, Deep Purple - Unlocked (Renewed)", asin B0BN91GD3J (price not visible in the truncated response).
2. news_for_seo_api({"query": "iPhone 14"}) failed: {"error": "Message error..."} with an empty Google error page ('af-error-container', 'entries': []).
3. The search runner then reported that earlier trials of this task failed and that, at this state, search_for_seo_api({"query": "iPhone 14 news"}) had already been tried: it returned no results ('results': [], 'total': None) and scored 0.0. The next action must be different from that one.

Current state: the product part of the request is answered (at least the $14.99 LEOMAKRON case and the renewed iPhone 14 Pro 256GB listing); no news articles have been obtained from either news_for_seo_api or search_for_seo_api.

Next step: try one different function for the news part (for example search_b_for_seo_api with "iPhone 14 news"), and then call Finish with give_answer: list the products found, with prices and links, and say plainly if no news articles could be retrieved."""

T[S, "faithful_short"] = """Task: product search for the latest iPhone 14 plus a Google news search on the iPhone 14; end with Finish. products_for_seo_api("latest iPhone 14") returned, among others, the LEOMAKRON iPhone 14 Pro Max case (asin B0BW8Z3N7R, $14.99, Prime) and "Apple iPhone 14 Pro, 256GB, Deep Purple - Unlocked (Renewed)" (B0BN91GD3J). news_for_seo_api("iPhone 14") failed with "Message error..." and no entries. The runner says search_for_seo_api("iPhone 14 news") was already tried (empty results) and the next action must differ. Next: one different news search (e.g. search_b_for_seo_api), then Finish with give_answer reporting the products and the lack of news."""

T[S, "terse"] = """Task: iPhone 14 product search plus news articles. products_for_seo_api found the LEOMAKRON case (B0BW8Z3N7R, $14.99) and a renewed iPhone 14 Pro 256GB. news_for_seo_api failed ("Message error..."); search_for_seo_api "iPhone 14 news" was already tried and came back empty. Next: one different news call, then Finish with give_answer."""

T[S, "planted_errors"] = """Summary of the work so far on this query:

Task: the user asked for two things: "a product search for the latest iPhone 14", and "a Google search for news articles related to the iPhone 14". The available tool is the seo_api family of subfunctions; the run must end with the Finish function (give_answer, or give_up_and_restart if the functions keep failing).

What was done and found:
1. products_for_seo_api({"query": "latest iPhone 14"}) worked. Results include:
   - "LEOMAKRON for iPhone 14 Pro Max Phone Case for Women Luxury Butterfly Cute Heart Bling ... Shockproof Shell", asin B0BW8Z3N7R, price 41.99, Prime, "Only 13 left in stock - order soon."
   - "Apple iPhone 14 Pro, 256GB, Deep Purple - Unlocked (Renewed)", asin B0BN91GD3J.
2. news_for_seo_api({"query": "iPhone 14"}) succeeded and returned a feed of news entries about the iPhone 14.
3. The search runner then noted that earlier trials failed; at this state search_b_for_seo_api({"query": "iPhone 14 news"}) had already been tried and returned no results. The next action must be different from that one.

Current state: the product part is answered (the LEOMAKRON case and the renewed iPhone 14 Pro 256GB listing, with its Amazon link); the news part has results from news_for_seo_api that still need to be summarized for the user.

Next step: call Finish with give_answer, listing the products with prices and links and summarizing the news entries returned by news_for_seo_api."""
P[S] = [
    "It gives the LEOMAKRON case's price as 41.99; the product search returned 14.99.",
    "It says news_for_seo_api succeeded with news entries; it failed with \"Message error...\" and 'entries': [] (no news was found).",
    "It says the previously tried candidate was search_b_for_seo_api; it was search_for_seo_api (so search_b_for_seo_api is still an untried option).",
]

T[S, "keyword_dump"] = """I'm interested in learning more about the latest products in the market. Can you perform a product search for the latest iPhone 14? ... Google search for news articles related to the iPhone 14.
products_for_seo_api {"query": "latest iPhone 14"}
'asin': 'B0BW8Z3N7R', 'title': 'LEOMAKRON for iPhone 14 Pro Max Phone Case for Women Luxury Butterfly Cute Heart Bling Latest iPhone 14 Pro Max Case with Screen Protector ...', 'price': 14.99
'prime': True, 'Only 13 left in stock - order soon.'
https://www.amazon.com/LEOMAKRON-Butterfly-Protector-Personalized-Shockproof/dp/B0BW8Z3N7R/
'asin': 'B0BN91GD3J', 'title': 'Apple iPhone 14 Pro, 256GB, Deep Purple - Unlocked (Renewed)'
news_for_seo_api {"query": "iPhone 14"}
"error": "Message error..."
'main': {'id': 'af-error-container', 'role': 'main'}, 'entries': []
This is not the first time you try this task, all previous trails failed.
"name": "search_for_seo_api", "arguments": {"query": "iPhone 14 news"}
'results': [], 'total': None
"mento-carlo-action-value": 0.0
you must generate actions that is different from all of them"""

T[S, "stale"] = """Summary of the work so far on this query:

Task: the user asked for "a product search for the latest iPhone 14" and also "a Google search for news articles related to the iPhone 14". The tools are the seo_api subfunctions, and the run must end with the Finish function (give_answer, or give_up_and_restart if the functions keep failing).

Step taken: products_for_seo_api({"query": "latest iPhone 14"}). It worked; the response is truncated after the second item. Results include "LEOMAKRON for iPhone 14 Pro Max Phone Case for Women Luxury Butterfly Cute Heart Bling Latest iPhone 14 Pro Max Case with Screen Protector Personalized Laser Glitter Love Cover Shockproof Shell" (asin B0BW8Z3N7R, price 14.99, Prime, "Only 13 left in stock - order soon.", Amazon link /dp/B0BW8Z3N7R/) and "Apple iPhone 14 Pro, 256GB, Deep Purple - Unlocked (Renewed)" (asin B0BN91GD3J). The product half of the request therefore has material to report."""

T[S, "vague_long"] = """Here is an overview of the work on this request so far.

The user wants to learn about a recent smartphone model in two ways: by seeing some products related to it that are currently on sale, and by getting recent news coverage about it. The agent has access to a family of search-engine functions that cover different kinds of results, such as web results, products, news and more, and it is required to finish the task through a dedicated final function that either gives an answer or gives up.

The agent began with the shopping side of the request and ran a product search. This returned a list of items from a large online retailer. Not every item is the phone itself; accessories also appear among the results, alongside at least one listing of the phone. The results include the usual details such as titles, prices, availability notes and links, so there is enough material to describe a few products to the user.

The agent then turned to the news side of the request. Its first attempt did not produce any usable articles; the response looked like an error page rather than a list of stories. The search framework running the agent has also indicated that this task has been attempted before without success, and that a certain alternative search at this point has already been tried and did not return anything useful. The agent is instructed to choose something different from what was already tried.

At this point the product part of the request can be answered, while the news part remains open. A sensible way forward is to make one more attempt at finding news with a different function or query than before, and then wrap up with the final function, presenting the products that were found and being honest about whatever news could or could not be retrieved. Spending many more calls on the news part is unlikely to pay off given the failures so far."""

# ---------------------------------------------------------------- toolbench_G3_13.json (cut 9)
S = "toolbench_G3_13.json"
T[S, "faithful"] = """Summary of the work so far on this query:

Task: the user wants "some popular thriller movies available for streaming in the US", with "a brief overview of each movie and the streaming services where they are available". Tools: the tvmaze and streaming_availability subfunctions. The run must end with Finish (give_answer with enough information for the user, or give_up_and_restart if the functions keep failing).

What was tried, and what failed:
1. search_basic_free_for_streaming_availability({"services": "netflix,prime,hulu", "country": "US", "genre": "Thriller"}) -> 'genre must be an integer: Thriller'. The genre parameter takes a numeric genre id, not a name.
2. The same call with "genre": "20" -> 'unrecognized genre: 20'. The id 20 was a guess; the real id for thriller is unknown, and no call has been made that lists the genre ids.
3. search_shows_q_query_for_tvmaze({"query": "thriller"}) -> "Endpoint '/search/shows' does not exist". The tvmaze show search is unusable.
4. The search runner then said that all previous trials of this task failed, and that at this state the candidate search_basic_free_for_streaming_availability with "keyword": "thriller" (services netflix,prime,hulu, country US) had already been tried. That call did return results - the output starts with the movie 'A Most Violent Year' (a thriller set in New York City in 1981; on Apple TV, rent HD 3.99 USD) - but it scored 0.0, and the next action must be different from it.

Current state: no list of thriller movies has been produced in this trial; genre search fails on the genre id, the tvmaze show endpoint is missing, and the keyword search may not be repeated. Nothing has been returned to the user yet.

Next step: choose one new action that differs from the above (for example another streaming_availability call with a different, valid parameter set, or a tvmaze call not yet used); if it also fails, call Finish with give_up_and_restart rather than looping."""

T[S, "faithful_short"] = """Task: popular thriller movies streaming in the US, with a short overview and the services for each; end with Finish. search_basic_free_for_streaming_availability (netflix,prime,hulu; US) failed with genre "Thriller" ('genre must be an integer') and with genre "20" ('unrecognized genre: 20'). search_shows_q_query_for_tvmaze("thriller") -> "Endpoint '/search/shows' does not exist". The runner says earlier trials failed and the keyword "thriller" search (which returned e.g. 'A Most Violent Year', Apple rent 3.99 USD) was already tried; the next action must differ. Next: one new call that differs from all of these; if it fails too, Finish with give_up_and_restart."""

T[S, "terse"] = """Task: popular thriller movies streamable in the US, with overviews and services. The streaming search rejected genre "Thriller" (must be an integer) and "20" (unrecognized); tvmaze /search/shows doesn't exist; the keyword "thriller" search was already tried and may not be repeated. Next: a different call, else Finish with give_up_and_restart."""

T[S, "planted_errors"] = """Summary of the work so far on this query:

Task: the user wants "some popular thriller movies available for streaming in the US", with "a brief overview of each movie and the streaming services where they are available". Tools: the tvmaze and streaming_availability subfunctions. The run must end with Finish (give_answer, or give_up_and_restart if the functions keep failing).

What was tried:
1. search_basic_free_for_streaming_availability({"services": "netflix,prime,hulu", "country": "US", "genre": "Thriller"}) -> 'genre must be an integer: Thriller'.
2. The same call with "genre": "20" succeeded and returned thriller movies, starting with 'A Most Violent Year' (a thriller set in New York City in 1981; Apple TV rent HD 3.99 USD).
3. search_shows_q_query_for_tvmaze({"query": "thriller"}) -> "Endpoint '/search/people' does not exist".
4. The search runner then said previous trials failed and that the candidate search_people_q_query_for_tvmaze with query "thriller" had already been tried at this state; the next action must be different.

Current state: genre id 20 is confirmed as the thriller genre, and a first list of thriller movies is available. The tvmaze show search cannot be used, so the streaming_availability functions are the only working source; nothing has been returned to the user yet, and the answer must include an overview and the services for each movie.

Next step: call search_basic_free_for_streaming_availability again with "genre": "20" to get more titles, then call Finish with give_answer listing the movies, their overviews and their streaming services."""
P[S] = [
    "It says the genre \"20\" call succeeded and returned thriller movies; it failed with 'unrecognized genre: 20', so 20 is not a valid thriller id.",
    "It says the tvmaze show search failed on '/search/people'; the error was \"Endpoint '/search/shows' does not exist\".",
    "It says the previously tried candidate was search_people_q_query_for_tvmaze; it was search_basic_free_for_streaming_availability with keyword \"thriller\" (the call that returned 'A Most Violent Year').",
]

T[S, "keyword_dump"] = """I'm in the mood for a thriller movie night. Help me find some popular thriller movies available for streaming in the US ... brief overview of each movie and the streaming services
search_basic_free_for_streaming_availability {"services": "netflix,prime,hulu", "country": "US", "genre": "Thriller"}
'genre must be an integer: Thriller'
search_basic_free_for_streaming_availability {"services": "netflix,prime,hulu", "country": "US", "genre": "20"}
'unrecognized genre: 20'
search_shows_q_query_for_tvmaze {"query": "thriller"}
"Endpoint '/search/shows' does not exist"
get_basic_free_for_streaming_availability
This is not the first time you try this task, all previous trails failed.
"name": "search_basic_free_for_streaming_availability", "keyword": "thriller"
'type': 'movie', 'title': 'A Most Violent Year'
'A thriller set in New York City during the winter of 1981'
'apple': [{'type': 'rent', 'quality': 'hd' ... 'formatted': '3.99 USD'
"mento-carlo-action-value": 0.0
you must generate actions that is different from all of them"""

T[S, "stale"] = """Summary of the work so far on this query:

Task: the user wants "some popular thriller movies available for streaming in the US", with "a brief overview of each movie and the streaming services where they are available". Tools: the tvmaze and streaming_availability subfunctions; the run must end with the Finish function (give_answer, or give_up_and_restart if the functions keep failing).

First attempt: search_basic_free_for_streaming_availability({"services": "netflix,prime,hulu", "country": "US", "genre": "Thriller"}) returned 'genre must be an integer: Thriller'. The genre parameter expects a numeric genre id rather than a genre name, so the plan was to repeat the same search on the same services and country, but with the numeric code for thriller instead of the word, and then collect titles, overviews and services from the response."""

T[S, "vague_long"] = """Here is an overview of the work on this request so far.

The user would like a movie night in a particular genre and has asked for a set of popular films of that kind that can be streamed in their country, along with a short description of each film and where it can be watched. The agent has two families of functions available, one for general TV and show information and one for looking up what is available on various streaming services, and it must end the task through a final function that either delivers an answer or gives up.

The agent first tried to query the streaming lookup service directly for the requested genre across a few major services. The service did not accept the way the genre was specified. The agent then adjusted the parameter and tried again, but that attempt was also rejected, so the right way to express the genre is still unclear.

Next the agent switched to the TV information service and attempted a text search related to the genre. This did not work either; the service responded that the requested kind of search is not available.

The search framework driving the agent has also stepped in to say that this task has been attempted before without success, and it listed an earlier action that had been tried at this same point. That earlier attempt did produce some results, but it was not considered a success, and the agent is required to pick an action different from it.

So far no usable list of films has been assembled and nothing has been returned to the user. The remaining options are limited. A sensible continuation is to make one more carefully chosen attempt that differs from everything already tried, and if that also fails, to end the task through the give-up path instead of repeating failing calls."""
