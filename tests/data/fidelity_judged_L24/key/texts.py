# Hand-written replacements for L24. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = the verbatim strings of the keyword_dump (build_L24.py checks that each one occurs in
# messages 1..cut-1 of the session, text or tool-call name + arguments, and joins them with newlines).
T, P, K = {}, {}, {}

# ------------------------------------------------------------ ADK customer-service (Cymbal Home & Garden), cut 22 of 35
S = "adk_customer_service_olive_tree.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Setting: Cymbal Home & Garden customer-service agent (cymbal_retail_agent). Customer Alex Johnson, customer_id 123, profile address Las Vegas, NV; preferred store "Cymbal Home & Garden - Las Vegas (Main)". Tools used so far: modify_cart, access_cart_information, check_product_availability.

Conversation:
- The customer asked for an olive tree. Asked about location, they said "london"; the agent pointed out the profile says Las Vegas, and the customer confirmed they moved to London.
- The agent has no London inventory. It recommended cold-hardy varieties 'Arbequina' and 'Leccino' and a well-draining citrus/Mediterranean potting mix, and said any prices would be Las Vegas prices.
- The customer then asked: "can i get it in las vegas then? add one in my cart and list all items in cart".
- modify_cart(customer_id 123, items_to_add arbequina_olive_tree x1) returned {"status": "success", "message": "Cart updated successfully."}.
- access_cart_information(123) returned only soil-123 Standard Potting Soil x1 and fert-456 General Purpose Fertilizer x1, subtotal 25.98. The olive tree is NOT in the cart, yet the agent told the customer the cart contains the Arbequina Olive Tree plus the soil and fertilizer ($25.98). This discrepancy has not been noticed.
- check_product_availability(arbequina_olive_tree, store Las Vegas) returned available, quantity 10.
- The customer said: no soil needed, the tree is a gift, they only need the tree. Nothing was removed from the cart (soil and fertilizer are still in it).
- No tool has returned a price for the tree. The agent said it cannot get the price; the customer asked "why not?".

Current state: Arbequina is in stock in Las Vegas (10); its price is unknown; the cart, per the last tool result, holds soil and fertilizer but not the tree, although the customer wants only the tree for Las Vegas.

Next step: answer "why not?" honestly (no pricing tool), then re-check the cart, add the tree properly and remove soil-123 and fert-456 if the customer wants only the tree, without inventing a price."""

T[S, "faithful_short"] = """Summary so far: Cymbal Home & Garden agent, customer Alex Johnson (customer_id 123, profile in Las Vegas). The customer wants an olive tree; they moved to London but want to get it in Las Vegas, as a gift, tree only (no soil). Agent recommended 'Arbequina' (or 'Leccino'). modify_cart add arbequina_olive_tree x1 said success, but access_cart_information then showed only soil-123 and fert-456 (subtotal 25.98) - the tree is missing, though the agent told the customer it was in the cart. check_product_availability: 10 in stock in Las Vegas. No price is available from any tool; the agent said it can't get the price and the customer asked why. Next: explain, fix the cart (add tree, remove soil/fertilizer) and don't invent a price."""

T[S, "terse"] = """Summary so far: a garden-store support agent is helping a returning customer buy an olive tree as a gift. The customer recently moved abroad but wants the tree from their old home-town store, tree only. A cold-hardy variety was chosen and is in stock there. The agent tried to add it to the cart, but the cart listing afterwards did not show it. The price is still unknown and the customer is asking why."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Setting: Cymbal Home & Garden customer-service agent (cymbal_retail_agent). Customer Alex Johnson, customer_id 123, profile address Las Vegas, NV; preferred store "Cymbal Home & Garden - Las Vegas (Main)". Tools used so far: modify_cart, access_cart_information, check_product_availability.

Conversation:
- The customer asked for an olive tree. Asked about location, they said "london"; the agent pointed out the profile says Las Vegas, and the customer confirmed they moved to London.
- The agent has no London inventory. It recommended cold-hardy varieties 'Arbequina' and 'Leccino' and a well-draining citrus/Mediterranean potting mix, and said any prices would be Las Vegas prices.
- The customer then asked to get it in Las Vegas, add one to the cart and list all items in the cart.
- modify_cart(customer_id 123, items_to_add leccino_olive_tree x1) returned {"status": "success", "message": "Cart updated successfully."}.
- access_cart_information(123) confirmed the olive tree is in the cart, together with soil-123 Standard Potting Soil x1 and fert-456 General Purpose Fertilizer x1, subtotal 25.98.
- check_product_availability for the olive tree at the London store returned available, quantity 10.
- The customer said: no soil needed, the tree is a gift, they only need the tree. Nothing was removed from the cart (soil and fertilizer are still in it).
- No tool has returned a price for the tree. The agent said it cannot get the price; the customer asked "why not?".

Current state: the tree is in stock (10) and already in the cart; its price is unknown; soil and fertilizer are still in the cart although the customer wants only the tree.

Next step: answer "why not?" honestly (no pricing tool), then remove soil-123 and fert-456 from the cart if the customer wants only the tree, without inventing a price."""
P[S] = [
    "the item added was leccino_olive_tree (the call added arbequina_olive_tree)",
    "access_cart_information 'confirmed the olive tree is in the cart' (the result listed only soil-123 and fert-456; the tree was missing)",
    "availability checked at the London store (the call and result are for store Las Vegas)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Setting: Cymbal Home & Garden customer-service agent (cymbal_retail_agent); customer Alex Johnson, customer_id 123, profile address Las Vegas, NV, preferred store Cymbal Home & Garden - Las Vegas (Main).

- After a greeting, the customer asked for an olive tree. The agent asked about location, indoor/outdoor use and size.
- The customer answered "london". The agent noted the profile lists Las Vegas; the customer confirmed they moved to London.
- The agent explained it has no real-time inventory for London stores and that London is cooler and wetter, so a cold-hardy variety in a well-draining pot is needed.
- The customer asked for recommendations and the price. The agent recommended 'Arbequina' (self-pollinating, tolerates cooler temperatures) and 'Leccino' (vigorous, high-quality oil), plus a citrus/Mediterranean potting mix, and said prices would be Las Vegas prices for reference.
- The customer has just asked: "okey can i get it in las vegas then? add one in my cart and list all items in cart".

Current state: nothing has been added to the cart yet; no tool has been called.

Next step: add one Arbequina olive tree (product arbequina_olive_tree) to customer 123's cart with modify_cart, then list the cart with access_cart_information, and check availability and price in the Las Vegas store."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is working as a customer-service assistant for a home and garden retailer and is helping a returning customer who wants to buy a plant. The conversation began with a friendly greeting, after which the customer explained what they were looking for. The agent asked some clarifying questions about where the plant would be grown and what conditions it would face, because growing conditions matter a great deal for this kind of purchase.

It emerged that the customer's circumstances have changed since their profile was created, and the agent took this into account when giving advice. It suggested a few suitable varieties and mentioned the kind of potting material that would work well, while being careful to explain that it could only speak to the stock and pricing of some locations and not others.

The customer then decided how they wanted to receive the item and asked the agent to put it in their cart and tell them what the cart contained. The agent used the store's tools to update the cart, look at its contents and check whether the item was in stock, and it reported back to the customer. The customer clarified that the purchase is meant as a gift and that they do not need any accessories at the moment.

One open question concerns the price: the agent has not been able to provide it and the customer has asked for an explanation. There may also be some inconsistency between what the agent told the customer and what the tools reported, so the state of the order should be double-checked before anything is finalized.

The next step is to respond to the customer's question, confirm the contents of the order carefully, and continue helping them complete the purchase in a way that matches their stated wishes."""

K[S] = [
    "i need an olive tree, what do you have?",
    "yes i moved to london",
    "'Arbequina'",
    "'Leccino'",
    "okey can i get it in las vegas then? add one in my cart and list all items in cart",
    "modify_cart",
    "arbequina_olive_tree",
    "Cart updated successfully.",
    "access_cart_information",
    "soil-123",
    "fert-456",
    "\"subtotal\": 25.98",
    "check_product_availability",
    "{\"available\": true, \"quantity\": 10, \"store\": \"Las Vegas\"}",
    "no need for soil now. it is for a gift so i only need the tree",
    "I'm very sorry, but I am unable to get the price of the tree.",
    "why not?",
]

# ------------------------------------------------------------ ADK personalized-shopping, floral summer dress, cut 32 of 41
S = "adk_shopping_floral_dress.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user): find a summer dress, "something flowy and floral". The agent works in a web store through two tools: search(keywords) and click(button_name); every click returns the page as text with [SEP] separators.

Done so far:
- search("flowy floral summer dress") -> page 1 of 50 results. The agent offered five: B092QL1FLW, B094Z77449, B09MW6NN3H, B09RDX8KQJ, B09JWJ5L8S.
- The user chose B092QL1FLW: "Women Summer Cold Shoulder Dress, Beach Vintage Bohemian Print Sundress Party Prom Swing Loose A-Line Dress with Pocket", Price: $16.29 to $17.59, Rating: N.A.
- Options on the product page: colors black, blacka, blackb, blue, bluea, blueb, coffee, gray, green, hot pink, navy, pink, pinka, purple, purplea, sky blue, sky bluea, white, whitea, yellow, yellowa; sizes small, medium, large, x-large, xx-large.
- Description (via the Description button, then "< Prev" back): cotton blend, spring/summer, Asian sizing that runs smaller than US sizes, hand wash or dry clean; its text calls the dress a "Striped Floral Print Short Sleeve Maxi Dress". Features: soft, lightweight and flowy, tie closure, hand wash only. Reviews: empty (no reviews). The agent summarised this and the user said "Okay, this looks good!".
- The user asked for the options; the agent listed the colors and sizes above.
- The user asked to see sky blue: click("sky blue") - the returned page text is unchanged (no picture); the agent said sky blue was selected.
- The user said "ah i don't like this color, go back to the black"; click("black") was done (page text again unchanged).

Current state: on the B092QL1FLW product page; color black is the current choice (sky blue was rejected); no size chosen; nothing bought.

Next step: ask which size (small ... xx-large), click it, confirm color black + size with the user, then click "Buy Now"."""

T[S, "faithful_short"] = """Summary so far: the user wants a flowy, floral summer dress. Tools: search and click (pages come back as [SEP] text). search("flowy floral summer dress") gave 50 results; the user picked B092QL1FLW (Women Summer Cold Shoulder Dress, Bohemian print sundress, $16.29 to $17.59, rating N.A.). Description: cotton blend, Asian sizing (runs small), hand wash; features: lightweight, flowy; no reviews. Colors include black and sky blue; sizes small to xx-large. The user asked to see sky blue (clicked), disliked it, and asked to go back to black; click("black") is done. Current: black chosen, no size yet, not purchased. Next: ask the size, click it, confirm, then Buy Now."""

T[S, "terse"] = """Summary so far: the user wants a flowy floral summer dress. The agent searched the store, the user picked a bohemian-print sundress, and the agent read its details (cotton blend, runs small, no reviews). The user looked at one color, disliked it, and went back to another, which is now selected. No size has been chosen and nothing has been bought; next the agent should ask for the size and then complete the purchase."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user): find a summer dress, "something flowy and floral". The agent works in a web store through two tools: search(keywords) and click(button_name); every click returns the page as text with [SEP] separators.

Done so far:
- search("flowy floral summer dress") -> page 1 of 50 results. The agent offered five: B092QL1FLW, B094Z77449, B09MW6NN3H, B09RDX8KQJ, B09JWJ5L8S.
- The user chose B09RDX8KQJ: "Women Summer Cold Shoulder Dress, Beach Vintage Bohemian Print Sundress Party Prom Swing Loose A-Line Dress with Pocket", Price: $16.29 to $17.59, Rating: N.A.
- Options on the product page: colors black, blacka, blackb, blue, bluea, blueb, coffee, gray, green, hot pink, navy, pink, pinka, purple, purplea, sky blue, sky bluea, white, whitea, yellow, yellowa; sizes small, medium, large, x-large, xx-large.
- Description (via the Description button, then "< Prev" back): cotton blend, spring/summer, Asian sizing that runs smaller than US sizes, hand wash or dry clean. Features: soft, lightweight and flowy, tie closure, hand wash only. Reviews: a few short, positive customer reviews about the fit. The agent summarised this and the user said "Okay, this looks good!".
- The user asked for the options; the agent listed the colors and sizes above.
- The user asked to see black: click("black") - the returned page text is unchanged (no picture).
- The user said they did not like that color and asked for sky blue; click("sky blue") was done.

Current state: on the product page; color sky blue is the current choice (black was rejected); no size chosen; nothing bought.

Next step: ask which size (small ... xx-large), click it, confirm color sky blue + size with the user, then click "Buy Now"."""
P[S] = [
    "the chosen product is B09RDX8KQJ (another search result; the user chose B092QL1FLW)",
    "the Reviews section had positive reviews (it was empty)",
    "black and sky blue swapped: sky blue is called the current choice and black the rejected one",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): find a summer dress, "something flowy and floral". Tools: search(keywords) and click(button_name); pages come back as text with [SEP] separators.

- search("flowy floral summer dress") -> page 1 of 50 results. The agent offered B092QL1FLW, B094Z77449, B09MW6NN3H, B09RDX8KQJ and B09JWJ5L8S.
- The user replied "B092QL1FLW looks good!". click("B092QL1FLW") opened the product page: "Women Summer Cold Shoulder Dress, Beach Vintage Bohemian Print Sundress Party Prom Swing Loose A-Line Dress with Pocket", Price: $16.29 to $17.59, Rating: N.A., many colors (black ... yellowa) and sizes small to xx-large.
- The agent is collecting Description, Features and Reviews to summarise for the user. Description (cotton blend, spring/summer, Asian sizing smaller than US, hand wash or dry clean) and Features (soft, lightweight and flowy, tie closure, hand wash only) have been read, going back with "< Prev" after each.

Current state: on the product page after reading Features.

Next step: click "Reviews", then summarise Description, Features and Reviews for the user and ask whether they want to buy this dress."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is acting as a personal shopping assistant in an online store and is helping a user who wants to buy a piece of summer clothing with a particular look and feel. It works by searching the store's catalogue and navigating product pages, reading back whatever the pages show.

The agent ran a search that matched the user's wishes, presented several candidates, and the user picked one of them. The agent then opened that product and went through the information available on its page, section by section, returning to the main page between sections. It summarised what it found for the user: the material and care instructions, a note that the sizing may differ from what the user expects, the overall style of the item, and the fact that some of the information one would normally rely on was missing. The user was happy with the choice.

Next the user wanted to know which variants of the item could be ordered, and the agent listed the available options. The user then explored the options interactively: they asked to see one variant, changed their mind about it, and asked the agent to switch to a different one, which the agent did. The pages returned after these selections did not visibly change, so the agent is relying on the choices it has made.

At this point the item itself has been settled and one of its options has been chosen, but another option still has to be picked before an order can be placed, and the purchase has not been made yet.

The next step is to ask the user for the remaining choice, apply it on the product page, confirm the full selection with the user, and then complete the purchase for them."""

K[S] = [
    "Hello, can you help me find a summer dress? I want something flowy and floral.",
    "flowy floral summer dress",
    "Page 1 (Total results: 50)",
    "B092QL1FLW",
    "Women Summer Cold Shoulder Dress,Beach Vintage Bohemian Print Sundress Party Prom Swing Loose A-Line Dress with Pocket",
    "Price: $16.29 to $17.59",
    "Rating: N.A.",
    "Material:Cottonblend",
    "Our clothes all are designed for Asian figure, which means would be smaller than normal US sizes.",
    "lightweight and flowy",
    "There are no reviews available for this product.",
    "Okay, this looks good!",
    "size [SEP] small [SEP] medium [SEP] large [SEP] x-large [SEP] xx-large",
    "Can you show me what a sky blue one look like?",
    "{\"button_name\": \"sky blue\"}",
    "ah i don't like this color, go back to the black",
    "{\"button_name\": \"black\"}",
]

# ------------------------------------------------------------ ADK personalized-shopping, denim skirt from an image, cut 26 of 33
S = "adk_shopping_denim_skirt.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "I really like this one, can you help me find something similar?" - the user sent an image (not kept in this record); the agent read it as a denim skirt. Tools: search(keywords) and click(button_name); pages come back as text with [SEP] separators.

Done so far:
- search("denim skirt") -> page 1 of 50 results, mostly not skirts (a pencil skirt B01CO4H6TC $60.0 to $88.0, denim shorts, an overall dress, a comforter, a men's henley...). The agent proposed B085T3HMGR "Woman Within Women's Plus Size Petite Flared Denim Skirt" ($24.41 to $29.95); the user agreed ("yeah B085T3HMGR looks good!!").
- click("B085T3HMGR"): product page, Price: $24.41 to $29.95, Rating: N.A.; sizes 12 plus ... 38 plus and 12 plus petite ... 38 plus petite; colors indigo, natural khaki, black, light wash, stonewash, white.
- Description: empty page (no description). Features: plus-size drawstring denim skirt, full elastic drawstring waist, A-line, regular length 34" / petite 32", side seam pockets, woven cotton denim or twill. Reviews: empty. The agent summarised this.
- The user: "Yeah proceed with purchasing" and asked for the options; after "< Prev" the agent listed the sizes and colors.
- The user: "select 12 plus, in natural khaki".
- The agent replied "Okay, I have selected size 12 plus and color natural khaki" but at that point had only clicked "12 plus" (page returned, unchanged text). The color has NOT been clicked yet.

Current state: on the B085T3HMGR product page; size 12 plus selected; natural khaki still to be selected; nothing bought.

Next step: click "natural khaki", confirm "12 plus / natural khaki" with the user, then click "Buy Now"."""

T[S, "faithful_short"] = """Summary so far: from a user's image the agent searched "denim skirt" (50 results, mostly not skirts) and the user accepted B085T3HMGR, Woman Within Women's Plus Size Petite Flared Denim Skirt, $24.41 to $29.95, rating N.A. No description and no reviews; features: elastic drawstring waist, A-line, 34" regular / 32" petite, side pockets, cotton denim or twill. Sizes 12 plus-38 plus (and petite); colors indigo, natural khaki, black, light wash, stonewash, white. The user wants to buy: "select 12 plus, in natural khaki". Only "12 plus" has been clicked so far (the agent already claimed both). Next: click "natural khaki", confirm with the user, then "Buy Now"."""

T[S, "terse"] = """Summary so far: the user sent a photo of a skirt and asked for something similar. The agent searched the store, the user accepted a plus-size flared denim skirt, and the agent read its page (features only; no description or reviews). The user decided to buy it and named a size and a color. The size has been selected; the color is still to be selected before confirming and buying."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "I really like this one, can you help me find something similar?" - the user sent an image (not kept in this record); the agent read it as a denim skirt. Tools: search(keywords) and click(button_name); pages come back as text with [SEP] separators.

Done so far:
- search("denim skirt") -> page 1 of 50 results, mostly not skirts (a pencil skirt B01CO4H6TC $60.0 to $88.0, denim shorts, an overall dress, a comforter, a men's henley...). The agent proposed B085T3HMGR "Woman Within Women's Plus Size Petite Flared Denim Skirt" ($24.41 to $29.95); the user agreed.
- click("B085T3HMGR"): product page, Price: $24.41 to $29.95, Rating: N.A.; sizes 12 plus ... 38 plus and 12 plus petite ... 38 plus petite; colors indigo, natural khaki, black, light wash, stonewash, white.
- Description: plus-size drawstring denim skirt, full elastic drawstring waist, A-line, regular length 34" / petite 32", side seam pockets, woven cotton denim or twill. Features: empty page. Reviews: empty. The agent summarised this.
- The user: "Yeah proceed with purchasing" and asked for the options; after "< Prev" the agent listed the sizes and colors.
- The user asked for size 12 plus petite in natural khaki.
- The agent has clicked "natural khaki" (page returned, unchanged text); the size has NOT been clicked yet.

Current state: on the B085T3HMGR product page; color natural khaki selected; size 12 plus petite still to be selected; nothing bought.

Next step: click "12 plus petite", confirm "12 plus petite / natural khaki" with the user, then click "Buy Now"."""
P[S] = [
    "the requested size is 12 plus petite (the user asked for 12 plus)",
    "the skirt's details are attributed to the Description section, which was empty; they came from Features (called empty here)",
    "natural khaki is said to be clicked and the size not (the reverse: only 12 plus has been clicked)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): "I really like this one, can you help me find something similar?" - with an image (not kept in this record) that the agent took to show a denim skirt. Tools: search(keywords) and click(button_name); pages come back as [SEP] text.

- search("denim skirt") -> page 1 of 50 results, mostly not skirts (pencil skirt B01CO4H6TC, denim shorts, overall dress, a comforter...). The agent proposed B085T3HMGR "Woman Within Women's Plus Size Petite Flared Denim Skirt" ($24.41 to $29.95) and the user agreed.
- click("B085T3HMGR") opened the product page: Rating: N.A.; sizes 12 plus to 38 plus, also petite; colors indigo, natural khaki, black, light wash, stonewash, white.
- The agent is reading the Description, Features and Reviews sections to summarise them. Description was empty. Features were read: elastic drawstring waist, A-line, regular 34" / petite 32", side seam pockets, woven cotton denim or twill.

Current state: back on the product page after reading Features.

Next step: click "Reviews", then summarise the product for the user and ask whether they want to buy it."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The agent is a shopping assistant in an online store. The user shared a picture of an item they liked and asked the agent to find something similar, so the agent first had to work out what kind of item it was and then search the catalogue for comparable products.

The search returned a mixed set of results, many of which were not really the same kind of item, but the agent singled out one product that looked like a close match and proposed it. The user liked the suggestion. The agent opened the product and went through its information sections one at a time, going back to the main page in between. Some sections turned out to be empty, so the agent could only report part of the usual information, mainly the construction and fit details, and it pointed out that the missing information made it harder to be sure the product matched the picture.

The user nevertheless decided to go ahead with the purchase and asked to see which variants could be ordered. The agent listed them, and the user told the agent which variant they wanted. The agent began applying that choice on the product page and told the user it had done so, although the selection is still in progress.

Nothing has been bought yet. The remaining work is to make sure that every part of the user's chosen variant is actually applied on the page, confirm the full selection with the user, and then complete the order."""

K[S] = [
    "I really like this one, can you help me find something similar?",
    "{\"keywords\": \"denim skirt\"}",
    "Page 1 (Total results: 50)",
    "B085T3HMGR",
    "Woman Within Women's Plus Size Petite Flared Denim Skirt",
    "Price: $24.41 to $29.95",
    "Rating: N.A.",
    "Looks like there is no description available.",
    "Full elastic drawstring waist. A-line silhouette",
    "Regular length: 34\". Petite length: 32\". Side seam pockets. Woven cotton denim or twill; imported",
    "There are no reviews available for this product.",
    "Yeah proceed with purchasing. Can you go back to the previous page and show me what options are available?",
    "color [SEP] indigo [SEP] natural khaki [SEP] black [SEP] light wash [SEP] stonewash [SEP] white",
    "select 12 plus, in natural khaki",
    "Okay, I have selected size 12 plus and color natural khaki.",
    "{\"button_name\": \"12 plus\"}",
]
