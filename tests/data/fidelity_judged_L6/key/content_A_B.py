# Replacements for the two tau-bench sessions (written from the real content of the range).

A = "tau-bench_airline_gpt-4o_task3.json"   # cut 50 of 62
B = "tau-bench_airline_gpt-4o_task17.json"  # cut 18 of 38

TEXTS = {A: {}, B: {}}
PLANTED = {A: None, B: None}

# --------------------------------------------------------------------------- A: sofia_kim_7287
TEXTS[A]["faithful"] = """## Handover: airline support chat so far

**Customer:** Sofia Kim, user id `sofia_kim_7287`, silver member. She did not know her reservation id, so the agent read all seven reservations in her profile (OI5L9G, AQLBTL, KA7I60, I57WUD, OBUT9V, 4BMN53, Q0ZF0J). The trip in question is **OBUT9V**: round trip IAH→DEN, economy, one passenger (Sofia Kim), 1 checked bag, no insurance, paid $566 with gift_card_7091239. Outbound 2024-05-27: HAT078 IAH–ORD, HAT118 ORD–DEN. Current return 2024-05-28: HAT084 DEN–LAS, HAT266 LAS–IAH.

**What she asked for:** move the return to the fastest DEN→IAH trip (stopover included) on May 27, the day of the outbound; economy; add one checked bag; pay with the gift card with the smallest balance.

**What happened**
- No direct DEN→IAH flight on 2024-05-27. The one-stop search returned HAT084+HAT175, HAT084+HAT266, HAT229+HAT175, HAT229+HAT266 and HAT290+HAT175.
- Chosen as fastest: HAT229 (DEN 11:00 → LAS 13:00) + HAT266 (LAS 13:00 → IAH 16:00), 5 h in total against 12 h for HAT084+HAT266. Quoted in economy: $109 + $130 = $239. She agreed to economy.
- `update_reservation_flights` (OBUT9V, economy, HAT078/HAT118/HAT229/HAT266 all on 2024-05-27, payment gift_card_7480005, the $6 card) → `Error: not enough seats on flight HAT229` (the search had shown 0 economy seats on HAT229).
- She asked to be upgraded to business "for that segment". The agent retried with cabin business for all four flights and the same $6 card → `Error: gift card balance is not enough`.
- The agent then listed her other payment methods: gift_card_7091239 ($157), gift_card_6276644 ($113), certificate_8544743 ($250), certificate_9932251 ($250), Mastercard ending 9725 (credit_card_9879898).

**Current state:** OBUT9V is unchanged and the checked bag has not been added. Her latest message: "Could you please use Gift Card 6276644, and then apply Gift Card 7091239 to cover the remainder?"

**Next:** answer that request. `update_reservation_flights` takes one `payment_id`, and policy allows one gift card or credit card when flights change, so a split over two gift cards is likely impossible; confirm the details before any write, then add the checked bag."""

TEXTS[A]["faithful_short"] = """Customer sofia_kim_7287 (silver). Trip OBUT9V: IAH→DEN round trip, economy; outbound HAT078 + HAT118 on May 27, return HAT084 + HAT266 on May 28. She wants the fastest return on May 27, one more checked bag, and to pay with her smallest gift card. Chosen: HAT229 (DEN 11:00–LAS 13:00) + HAT266 (LAS 13:00–IAH 16:00). The economy update with gift_card_7480005 ($6) failed: "Error: not enough seats on flight HAT229"; the business retry failed: "Error: gift card balance is not enough". Other methods: gift_card_7091239 $157, gift_card_6276644 $113, two $250 certificates, card ending 9725. Nothing changed yet, bag not added. She now asks to pay with gift card 6276644 first and 7091239 for the rest; the update call takes a single payment_id."""

TEXTS[A]["terse"] = """A customer wants the return leg of her Houston–Denver round trip moved to the quickest connection back on the same day as her outbound flight, plus one extra checked bag. The agent located the booking, picked the fastest one-stop option via Las Vegas and tried to apply the change, but it was refused twice (no economy seats, then the chosen gift card was too small). Nothing has changed yet; she now wants to pay with two of her other gift cards."""

TEXTS[A]["planted_errors"] = """## Handover: airline support chat so far

**Customer:** Sofia Kim, user id `sofia_kim_7287`, silver member. She did not know her reservation id, so the agent read all seven reservations in her profile (OI5L9G, AQLBTL, KA7I60, I57WUD, OBUT9V, 4BMN53, Q0ZF0J). The trip in question is **KA7I60**: round trip IAH→DEN, economy, one passenger (Sofia Kim), 1 checked bag, no insurance, paid $566 with gift_card_7091239. Outbound 2024-05-27: HAT078 IAH–ORD, HAT118 ORD–DEN. Current return 2024-05-28: HAT084 DEN–LAS, HAT266 LAS–IAH.

**What she asked for:** move the return to the fastest DEN→IAH trip (stopover included) on May 27, the day of the outbound; economy; add one checked bag; pay with the gift card with the smallest balance.

**What happened**
- No direct DEN→IAH flight on 2024-05-27. The one-stop search returned HAT084+HAT175, HAT084+HAT266, HAT229+HAT175, HAT229+HAT266 and HAT290+HAT175.
- Chosen as fastest: HAT229 (DEN 11:00 → LAS 13:00) + HAT266 (LAS 13:00 → IAH 16:00), 5 h in total against 12 h for HAT084+HAT266. Quoted in economy: $109 + $130 = $239. She agreed to economy.
- The checked bag was added first with `update_reservation_baggages` and went through, so only the flight change is left.
- `update_reservation_flights` (KA7I60, economy, HAT078/HAT118/HAT229/HAT266 all on 2024-05-27, payment gift_card_7480005, the $6 card) → `Error: not enough seats on flight HAT229` (the search had shown 0 economy seats on HAT229).
- She asked to be upgraded to business "for that segment". The agent retried with cabin business for all four flights and the same $6 card → `Error: gift card balance is not enough`.
- The agent then listed her other payment methods: gift_card_7091239 ($157), gift_card_6276644 ($213), certificate_8544743 ($250), certificate_9932251 ($250), Mastercard ending 9725 (credit_card_9879898).

**Current state:** KA7I60 still has the old flights; the bag is done. Her latest message: "Could you please use Gift Card 6276644, and then apply Gift Card 7091239 to cover the remainder?"

**Next:** answer that request. `update_reservation_flights` takes one `payment_id`, and policy allows one gift card or credit card when flights change, so a split over two gift cards is likely impossible; confirm the details before any write."""
PLANTED[A] = [
    "wrong reservation id: KA7I60 (her DEN-DTW trip) instead of OBUT9V, throughout",
    "a step that never happened called successful: the checked bag 'was added with update_reservation_baggages and went through' (no baggage call was made; the bag is still to be added)",
    "wrong value: gift_card_6276644 balance $213 instead of $113",
]

TEXTS[A]["keyword_dump"] = """sofia_kim_7287
get_user_details
"membership": "silver"
"reservations": ["OI5L9G", "AQLBTL", "KA7I60", "I57WUD", "OBUT9V", "4BMN53", "Q0ZF0J"]
"gift_card_7091239": {"source": "gift_card", "amount": 157, "id": "gift_card_7091239"}
"gift_card_6276644": {"source": "gift_card", "amount": 113, "id": "gift_card_6276644"}
"gift_card_7480005": {"source": "gift_card", "amount": 6, "id": "gift_card_7480005"}
"credit_card_9879898": {"source": "credit_card", "brand": "mastercard", "last_four": "9725", "id": "credit_card_9879898"}
"certificate_8544743": {"source": "certificate", "amount": 250, "id": "certificate_8544743"}
get_reservation_details
{"reservation_id":"OBUT9V"}
"reservation_id": "OBUT9V", "user_id": "sofia_kim_7287", "origin": "IAH", "destination": "DEN", "flight_type": "round_trip", "cabin": "economy"
{"origin": "IAH", "destination": "ORD", "flight_number": "HAT078", "date": "2024-05-27", "price": 146}
{"origin": "ORD", "destination": "DEN", "flight_number": "HAT118", "date": "2024-05-27", "price": 167}
{"origin": "DEN", "destination": "LAS", "flight_number": "HAT084", "date": "2024-05-28", "price": 122}
{"origin": "LAS", "destination": "IAH", "flight_number": "HAT266", "date": "2024-05-28", "price": 131}
"payment_history": [{"payment_id": "gift_card_7091239", "amount": 566}]
search_direct_flight {"origin":"DEN","destination":"IAH","date":"2024-05-27"}
search_onestop_flight
"flight_number": "HAT229", "origin": "DEN", "destination": "LAS", "scheduled_departure_time_est": "11:00:00", "scheduled_arrival_time_est": "13:00:00"
"available_seats": {"basic_economy": 19, "economy": 0, "business": 5}
"flight_number": "HAT266", "origin": "LAS", "destination": "IAH", "scheduled_departure_time_est": "13:00:00", "scheduled_arrival_time_est": "16:00:00"
(13 - 11) + (13 - 13) + (16 - 13)
5.0
**Total Cost:** $239
I want to use the gift card with the smallest balance for payment. Can you also add one checked bag to the reservation?
update_reservation_flights
"cabin":"economy"
"payment_id":"gift_card_7480005"
Error: not enough seats on flight HAT229
Could you upgrade me to business class for that segment, please?
"cabin":"business"
Error: gift card balance is not enough
**Gift Card 6276644**: $113
**Credit Card ending in 9725**
Could you please use Gift Card 6276644, and then apply Gift Card 7091239 to cover the remainder?"""

TEXTS[A]["stale"] = """Earlier in this conversation:
- The customer is Sofia Kim, user id sofia_kim_7287, silver member. Her opening request: change her flight back from Denver to Houston to the quickest one on May 27. She did not remember the reservation id.
- get_user_details listed seven reservations (OI5L9G, AQLBTL, KA7I60, I57WUD, OBUT9V, 4BMN53, Q0ZF0J) and these payment methods: gift_card_7091239 ($157), gift_card_6276644 ($113), gift_card_7480005 ($6), certificate_8544743 and certificate_9932251 ($250 each), Mastercard ending 9725 (credit_card_9879898).
- The agent read all seven reservations. The trip that matches is OBUT9V: IAH→DEN round trip, economy, one passenger, 1 checked bag, no insurance; outbound HAT078 IAH–ORD and HAT118 ORD–DEN on 2024-05-27, return HAT084 DEN–LAS and HAT266 LAS–IAH on 2024-05-28; paid $566 with gift_card_7091239.
- The agent first replied that it could not find a Denver→Houston flight on May 27. The customer clarified: the Houston→Denver trip departs on May 27 and she wants the fastest return to Houston on that same day.
- search_direct_flight DEN→IAH for 2024-05-27 returned no flights. Next step: search one-stop connections for that date and find the fastest one."""

TEXTS[A]["vague_long"] = """This is a customer-service conversation between an airline agent and a customer who wants to adjust an existing round-trip booking. Her request is about the return part of the trip: she would like to come back on the same day she flies out, on the quickest available connection, rather than on the day currently booked. She could not give the booking reference, so the agent looked up her profile and went through her bookings until it found the trip that fits her description.

The agent then searched for alternatives for the return journey on the requested day. There were no nonstop options, so it compared several connecting itineraries by total travel time, including the layover, and proposed the quickest one. The customer accepted it in her current cabin and added two wishes: an extra checked bag on the booking, and paying with a particular one of the stored payment methods on her profile.

Applying the change has not worked so far. The first attempt ran into an availability problem on one of the new flights, and a second attempt in a higher cabin ran into a payment problem with the method she had chosen. The agent explained this and listed the other payment options stored on her account. The booking itself has not been modified yet, and the extra bag has not been handled.

The customer has just replied with a new preference about how she wants to pay. The agent should answer that preference, keeping in mind the airline's rules on how many and which kinds of payment methods can be used for a modification and that all flights of a reservation share one cabin, confirm the full details with her before making any change, and remember the outstanding request about the bag."""

# --------------------------------------------------------------------------- B: liam_khan_2521
TEXTS[B]["faithful"] = """The customer is Liam Khan (user id liam_khan_2521, gold member). He wants to move his IAH→SEA flight from May 23 to May 24 and upgrade "our tickets" to business class. He did not have the reservation id, so the agent read his profile: reservations 4NQLHD, KHIK97, NO6SVK, AJVCTQ, ZB7LBX; payment methods certificate_9254323 ($500), certificate_1849235 ($250), gift_card_7194529 ($62), credit_card_7434610 (Mastercard ending 9448) and credit_card_7231150 (Visa ending 3422).

The trip is reservation 4NQLHD: round trip IAH→SEA in economy for three passengers (Liam Khan, James Kim, Aarav Lee), travel insurance yes, 1 checked bag, paid $1,671 with credit_card_7434610. Outbound on 2024-05-23: HAT190 IAH–LAS ($126) and HAT047 LAS–SEA ($139). Return: HAT021 SEA–JFK on 2024-05-26 ($148) and HAT279 JFK–IAH on 2024-05-27 ($114).

search_onestop_flight IAH→SEA for 2024-05-24 returned three combinations (business prices): HAT112 (22:00 → 01:00+1, $404) with HAT047 ($202, dated 2024-05-25); HAT190 (01:00 → 04:00, $464, only 3 business seats) with HAT047 ($202, 2024-05-24); HAT286 (22:00 → 01:00+1, $399) with HAT047 ($202, 2024-05-25). The agent computed (404 + 202) * 3 - (126 + 139) * 3 = 1023, which covers the outbound legs only, and offered HAT112 + HAT047 in business for an additional $1,023, asking which payment method to use.

Liam replied that this is above his budget and asked whether other options could bring the cost down. The agent said it would review the other flights for May 24 and made a think call. Nothing has been changed in the reservation and no payment method has been chosen.

Next: price the other two combinations the same way (HAT190 + HAT047, HAT286 + HAT047) and present them. Policy reminders: the cabin must be the same on every flight of a reservation, and any update needs the details listed and an explicit yes first."""

TEXTS[B]["faithful_short"] = """Customer liam_khan_2521 (gold) wants reservation 4NQLHD (IAH→SEA round trip, economy, 3 passengers, insured, paid with credit_card_7434610) moved from May 23 to May 24 and upgraded to business. Current outbound on 2024-05-23: HAT190 IAH–LAS $126 + HAT047 LAS–SEA $139; return HAT021 (05-26) and HAT279 (05-27). One-stop options for May 24 in business: HAT112 $404, HAT190 $464 or HAT286 $399, each followed by HAT047 $202. The agent priced HAT112 + HAT047 as (404 + 202) * 3 - (126 + 139) * 3 = 1023 and offered it for $1,023. Liam said that is over his budget and asked for other options. Nothing is booked yet; next, price the remaining combinations."""

TEXTS[B]["terse"] = """A gold-tier customer wants his three-passenger round trip moved one day later on the outbound and upgraded to business class. The agent found the booking, searched connecting flights for the new date, priced the first option and offered it, but the customer said the extra cost is over his budget and asked for cheaper alternatives. Nothing has been changed; the agent is about to price the other connections it found."""

TEXTS[B]["planted_errors"] = """The customer is Liam Khan (user id liam_khan_2521, gold member). He wants to move his IAH→SEA flight from May 23 to May 24 and upgrade "our tickets" to business class. He did not have the reservation id, so the agent read his profile: reservations 4NQLHD, KHIK97, NO6SVK, AJVCTQ, ZB7LBX; payment methods certificate_9254323 ($500), certificate_1849235 ($250), gift_card_7194529 ($62), credit_card_7434610 (Mastercard ending 9448) and credit_card_7231150 (Visa ending 3422).

The trip is reservation KHIK97: round trip IAH→SEA in economy for three passengers (Liam Khan, James Kim, Aarav Lee), travel insurance yes, 1 checked bag, paid $1,671 with credit_card_7434610. Outbound on 2024-05-23: HAT190 IAH–LAS ($126) and HAT047 LAS–SEA ($139). Return: HAT021 SEA–JFK on 2024-05-26 ($148) and HAT279 JFK–IAH on 2024-05-27 ($114).

search_onestop_flight IAH→SEA for 2024-05-24 returned three combinations (business prices): HAT112 (22:00 → 01:00+1, $404) with HAT047 ($202, dated 2024-05-25); HAT190 (01:00 → 04:00, $464, only 3 business seats) with HAT047 ($202, 2024-05-24); HAT286 (22:00 → 01:00+1, $339) with HAT047 ($202, 2024-05-25). The agent computed (404 + 202) * 3 - (126 + 139) * 3 = 1023, which covers the outbound legs only, and offered HAT112 + HAT047 in business for an additional $1,023.

Liam accepted that offer and asked to charge it to his Mastercard ending 9448 (credit_card_7434610). The agent has not yet sent the update.

Next: list the final details (HAT112 + HAT047 on May 24 in business, return flights unchanged, $1,023 to credit_card_7434610), get his explicit yes, then call update_reservation_flights. Policy reminders: the cabin must be the same on every flight of a reservation, and any update needs the details listed and an explicit yes first."""
PLANTED[B] = [
    "wrong reservation id: KHIK97 (another of his reservations) instead of 4NQLHD",
    "wrong value: HAT286 business price $339 instead of $399",
    "wrong current state: says Liam accepted the $1,023 offer and chose the Mastercard, so the next step is the update; in fact he said it was above his budget and asked for other options",
]

TEXTS[B]["keyword_dump"] = """liam_khan_2521
get_user_details {"user_id":"liam_khan_2521"}
"membership": "gold"
"reservations": ["4NQLHD", "KHIK97", "NO6SVK", "AJVCTQ", "ZB7LBX"]
"credit_card_7434610": {"source": "credit_card", "brand": "mastercard", "last_four": "9448", "id": "credit_card_7434610"}
"certificate_9254323": {"source": "certificate", "amount": 500, "id": "certificate_9254323"}
"gift_card_7194529": {"source": "gift_card", "amount": 62, "id": "gift_card_7194529"}
get_reservation_details {"reservation_id": "4NQLHD"}
"origin": "IAH", "destination": "SEA", "flight_type": "round_trip", "cabin": "economy"
{"origin": "IAH", "destination": "LAS", "flight_number": "HAT190", "date": "2024-05-23", "price": 126}
{"origin": "LAS", "destination": "SEA", "flight_number": "HAT047", "date": "2024-05-23", "price": 139}
{"origin": "SEA", "destination": "JFK", "flight_number": "HAT021", "date": "2024-05-26", "price": 148}
{"origin": "JFK", "destination": "IAH", "flight_number": "HAT279", "date": "2024-05-27", "price": 114}
{"first_name": "James", "last_name": "Kim", "dob": "1956-07-08"}
{"first_name": "Aarav", "last_name": "Lee", "dob": "1972-06-13"}
"payment_history": [{"payment_id": "credit_card_7434610", "amount": 1671}]
"insurance": "yes"
search_onestop_flight {"origin":"IAH","destination":"SEA","date":"2024-05-24"}
"flight_number": "HAT112", "origin": "IAH", "destination": "LAS", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "01:00:00+1"
"prices": {"basic_economy": 54, "economy": 135, "business": 404}
"flight_number": "HAT190", "origin": "IAH", "destination": "LAS", "scheduled_departure_time_est": "01:00:00", "scheduled_arrival_time_est": "04:00:00"
"prices": {"basic_economy": 95, "economy": 113, "business": 464}
"flight_number": "HAT286", "origin": "IAH", "destination": "LAS", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "01:00:00+1"
"prices": {"basic_economy": 60, "economy": 114, "business": 399}
"prices": {"basic_economy": 56, "economy": 165, "business": 202}
calculate {"expression":"(404 + 202) * 3 - (126 + 139) * 3"}
1023.0
Total additional cost: $1,023
That's a bit higher than my budget. Is there a way to adjust the cost, perhaps by exploring other options?
I'll check the available flights again and see if there are any options with a lower cost."""

TEXTS[B]["stale"] = """Summary of the start of the conversation: the customer, Liam Khan (user id liam_khan_2521, gold member), asked to change his flight from IAH to SEA from May 23rd to May 24th and to upgrade "our tickets" to business class. He did not know the reservation id, so the agent fetched his profile (reservations 4NQLHD, KHIK97, NO6SVK, AJVCTQ, ZB7LBX; certificates of $500 and $250, a $62 gift card, Mastercard ending 9448 = credit_card_7434610, Visa ending 3422 = credit_card_7231150).

Reservation 4NQLHD is the trip: round trip IAH→SEA, economy, three passengers (Liam Khan, James Kim, Aarav Lee), insurance yes, 1 checked bag, paid $1,671 with credit_card_7434610. Outbound 2024-05-23: HAT190 IAH–LAS ($126), HAT047 LAS–SEA ($139); return HAT021 SEA–JFK on 2024-05-26 and HAT279 JFK–IAH on 2024-05-27.

The agent then searched one-stop flights IAH→SEA for 2024-05-24: HAT112, HAT190 or HAT286 to LAS (business $404, $464, $399), each connecting to HAT047 LAS–SEA (business $202). The next step is to work out the cost of the change and upgrade for the three passengers and present it to the customer."""

TEXTS[B]["vague_long"] = """The conversation is between an airline agent and a customer who wants to change an upcoming trip for himself and two companions. He would like the outbound part of a round trip to leave one day later than currently booked, and he also wants the whole party moved up to the premium cabin. He did not have his booking reference at hand, so the agent looked up his profile, found the relevant booking among the ones listed there, and reviewed its details: the current flights, the passengers, the cabin, the insurance and how it was originally paid.

Next, the agent searched for connecting flights on the new date between the same two cities. A few itineraries were available, each made of two legs through an intermediate airport, with different departure times and different premium-cabin fares. The agent estimated the price difference for the first of these itineraries for all three travellers, presented it to the customer and asked how he would like to pay.

The customer found the additional cost too high for his budget and asked whether the agent could find a cheaper way to do it. The agent agreed to look at the other available itineraries and is in the middle of working out their costs. No change has been made to the booking, and no payment method has been selected.

To continue, the agent should finish comparing the alternatives and present them clearly with their costs, so that the customer can decide. It should keep in mind the airline's rules on modifications, in particular that one cabin class applies to all flights of a reservation and that any change must be listed and explicitly confirmed by the customer before it is made, with a payment method taken from his profile."""
