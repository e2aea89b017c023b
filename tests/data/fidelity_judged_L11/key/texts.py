"""Hand-written replacements for L11 (7 variants x 5 sessions) and the planted errors."""
S1 = "langgraph_cs_part1_2025.json"
S2 = "langgraph_cs_part1_2024.json"
S3 = "langgraph_cs_part3_2024.json"
S4 = "langgraph_cs_part4_2024.json"
S5 = "langgraph_cs_part2_2024.json"

T, P = {}, {}

# ---------------------------------------------------------------- S1
T[S1, "faithful"] = """Summary of the conversation so far (messages 1-51).

I am the Swiss Airlines support assistant with all tools myself. The customer first asked what time her flight was and whether she could move to an earlier flight later today; I twice asked for a ticket number instead of looking it up, and read the change policy (lookup_policy: ticket number must start with 724, rebooking allowed online). She then asked to move the flight to next week, "the next available option".

Her booking (fetch_user_flight_information): ticket 7240005432906569, booking ref C46E9F, seat 18E, Economy, original flight LX0112, flight_id 19250, CDG -> BSL on 2024-04-30 12:09 (-04:00).

Rebooking: search_flights CDG->BSL 2024-05-06..05-13 listed LX0112 daily. update_ticket_to_new_flight to 19252 (May 6) and then 19251 (May 7) were both refused: "Not permitted to reschedule to a flight that is less than 3 hours from the current time". 19238 (LX0112, May 8, 12:09) succeeded: "Ticket successfully updated to new flight."

Lodging and transport in Basel: every hotel search returns the same three hotels, Hilton Basel (id 1, Luxury), Hyatt Regency Basel (id 3, Upper Upscale), Holiday Inn Basel (id 8, Upper Midscale); no Midscale hotel exists. For her 7-night stay I recommended the Holiday Inn; she asked me to reserve it and book_hotel(8) returned "Hotel 8 successfully booked." (May 8-15). Car rentals: Europcar (id 1, Economy), Avis (id 2, Luxury), Enterprise (id 7, Premium), Thrifty (id 9, Midsize). When she said "book anything that's moderate expense", I booked Europcar: book_car_rental(1) -> "Car rental 1 successfully booked." (no dates were passed).

Excursions: search_trip_recommendations returned [] three times (Basel; Switzerland; "activities switzerland"). I offered my own ideas (Lucerne, Swiss Vapeur Parc, Gempen, food tour, Alsace wine trip); nothing booked.

Current state: flight on 19238 (May 8), Holiday Inn (8) and Europcar (1) booked. Her last message: "Now for a car, what are my options?" Next: search rentals for May 8-15 and list the options, telling her Europcar economy is already booked; she will likely want the cheapest for 7 days."""

T[S1, "faithful_short"] = """So far: Swiss Airlines support for ticket 7240005432906569 (booking C46E9F, seat 18E Economy), originally LX0112 CDG->BSL on 2024-04-30. The customer wanted next week's next available flight: rebooking to 19252 (May 6) and 19251 (May 7) failed ("less than 3 hours from the current time"); 19238 (May 8, 12:09) succeeded. For her 7-night Basel stay I booked Holiday Inn Basel (hotel id 8, May 8-15) and, on "book anything moderate", Europcar economy (rental id 1; "Car rental 1 successfully booked."). Trip-recommendation searches returned nothing three times. She now asks: "Now for a car, what are my options?" Next: list rentals (Avis 2, Enterprise 7, Thrifty 9) and note Europcar is already booked."""

T[S1, "terse"] = """Swiss Airlines support, ticket 7240005432906569. Flight moved to LX0112 flight 19238 on May 8 (19252 and 19251 were refused, under 3 hours). Booked Holiday Inn Basel (id 8) May 8-15 and Europcar economy (rental 1). No excursions found. User now asks what car options she has."""

T[S1, "planted_errors"] = """Summary of the conversation so far (messages 1-51).

I am the Swiss Airlines support assistant. The customer asked what time her flight was and whether she could leave earlier today; I read the change policy (ticket must start with 724, changes allowed online). She then asked to move her flight to next week, the next available option.

Her booking: ticket 7240005432906569, booking ref C46E9F, seat 18E, Economy, original flight LX0112 (flight_id 19250) from CDG to BSL on 2024-04-30.

Rebooking: searching CDG->BSL for 2024-05-06..05-13 found LX0112 daily. My first attempt, update_ticket_to_new_flight to 19252 on May 6, succeeded, so her new flight is LX0112 on May 6 at 12:09. (The other candidate, 19238 on May 8, was not needed.)

Lodging and transport: hotel searches always return Hilton Basel (id 1, Luxury), Hyatt Regency Basel (id 3, Upper Upscale) and Holiday Inn Basel (id 8, Upper Midscale). For the 7-night stay I recommended the Holiday Inn and book_hotel(8) returned "Hotel 8 successfully booked." Cars: Europcar (id 1, Economy), Avis (id 2, Luxury), Enterprise (id 7, Premium), Thrifty (id 9, Midsize). When she said to book anything moderate, I booked Thrifty's midsize car, rental id 9, as the moderate option.

Excursions: search_trip_recommendations returned nothing three times; I suggested Lucerne, Swiss Vapeur Parc, Gempen, a food tour and the Alsace vineyards; nothing booked.

Current state: flight rebooked, hotel 8 and a car booked. Her last message: "Now for a car, what are my options?" Next: search car rentals for her stay and list the options, noting which one is already booked."""
P[S1] = [
    "Says the first rebooking attempt to flight 19252 (May 6) succeeded; in fact 19252 and 19251 were refused (less than 3 hours from the current time) and the ticket was moved to 19238 on May 8.",
    "Gives the new flight date as May 6 instead of May 8, so the stay dates (May 8-15) no longer line up.",
    "Says the car booked was Thrifty midsize (rental 9); the booking was book_car_rental(1), Europcar economy.",
]

T[S1, "keyword_dump"] = """lookup_policy "changing flights same day" | "The ticket number must start with 724 (SWISS ticket no./plate)" | "The next available option is great" | fetch_user_flight_information | ticket_no 7240005432906569 | book_ref C46E9F | flight_id 19250 | LX0112 | CDG -> BSL | 2024-04-30 12:09:03 | seat 18E | Economy | search_flights 2024-05-06 .. 2024-05-13 | update_ticket_to_new_flight 19252 | "Not permitted to reschedule to a flight that is less than 3 hours from the current time" | 19251 | 19238 | "Ticket successfully updated to new flight." | search_hotels Basel 2024-05-08 2024-05-15 Midscale / Upper Midscale | Hilton Basel id 1 Luxury | Hyatt Regency Basel id 3 | Holiday Inn Basel id 8 | book_hotel 8 | "Hotel 8 successfully booked." | search_car_rentals | Europcar id 1 Economy | Avis 2 | Enterprise 7 | Thrifty 9 Midsize | "book anything that's moderate expense" | book_car_rental 1 | "Car rental 1 successfully booked." | search_trip_recommendations -> [] x3 | Lucerne | Swiss Vapeur Parc | "Now for a car, what are my options?\""""

T[S1, "stale"] = """Summary so far. I am the Swiss Airlines support assistant. The customer asked what time her flight is and whether she could switch to a sooner flight later today. Instead of looking up her booking I asked her for a ticket number, and I read the rebooking policy with lookup_policy: online rebooking is possible if the ticket number starts with 724, the ticket was not paid by barter or voucher and the booking is active. She then asked to move the flight to sometime next week and said the next available option would be great.

I fetched her booking: ticket 7240005432906569, booking ref C46E9F, seat 18E in Economy, flight LX0112 (flight_id 19250) from Paris CDG to Basel BSL on 2024-04-30 at 12:09. I then searched CDG to BSL flights between 2024-05-06 and 2024-05-13, which show LX0112 departing daily at 12:09. The next step is to move her ticket to the earliest of those flights with update_ticket_to_new_flight and confirm the new date to her."""

T[S1, "vague_long"] = """Here is an overview of the conversation so far. I have been acting as the airline's customer support assistant, helping a traveller with an upcoming trip and several related requests. The conversation began with questions about the timing of her flight and whether it could be changed, which led me to consult the airline's policies on modifying bookings. Those policies describe the general conditions under which tickets can be rebooked online, and I shared the gist of them with her.

After that, the customer decided she would prefer to travel at a later point, and I looked up her existing reservation and searched for suitable alternative flights on the same route. There were a few hiccups along the way while trying to change the booking, since the system applies some restrictions on which flights can be selected, but in the end her ticket was moved to a later flight and she was informed of the outcome.

The conversation then turned to practical arrangements for her stay at the destination. She wanted somewhere affordable to stay for about a week and also wanted to rent a car. I ran several searches for hotels and rental cars, explained the available options in different price tiers, and made reservations according to her stated preferences for moderately priced choices. These went through.

She was also interested in activities and excursions during her visit. The recommendation searches did not return much, so I suggested some general ideas for sightseeing and day trips in the region based on common knowledge, without booking anything specific at this stage.

At this point the customer has come back to the topic of transportation and is asking what her options are for a rental car. The natural next step is to look at the rental car availability again for the dates of her stay, explain the choices clearly, mention anything that has already been arranged, and help her settle on the option that best fits her budget before confirming the details with her."""

# ---------------------------------------------------------------- S2
T[S2, "faithful"] = """Summary of the conversation so far (messages 1-41).

I am the Swiss Airlines support assistant and make all bookings myself. The customer asked when her flight leaves. fetch_user_flight_information: ticket 7240005432906569, booking C46E9F, flight_id 19250, LX0112 Paris CDG -> Basel BSL, 2024-04-30 20:37, arriving 22:07 (-04:00), seat 18E, Economy. I told her 8:37 PM today.

She asked whether she could take an earlier flight later today. lookup_policy ("flight change policy") says flights and dates can be changed online. search_flights CDG->BSL on 2024-04-30 returned only her own flight 19250; a wider search (limit 100) returned unrelated flights (e.g. DL0042 BSL->HAM), and my suggestions of other routes (BA0096 to Hamburg, LX0024 to Madrid) were not useful. No change was made.

She then asked for "sometime next week". search_flights CDG->BSL 2024-05-06..05-12 shows LX0112 daily at 20:37. On "The next available option is great" I called update_ticket_to_new_flight(ticket 7240005432906569, new_flight_id 19252) -> "Ticket successfully updated to new flight." I reported the new flight as Monday May 6, 20:37-22:07.

Lodging and transport in Basel: hotels are Hilton Basel (id 1, Luxury), Hyatt Regency Basel (id 3, Upper Upscale) and Holiday Inn Basel (id 8, Upper Midscale); cars are Europcar (id 1, Economy), Avis (id 2, Luxury), Enterprise (id 7, Premium), Thrifty (id 9, Midsize). For her 7-day stay (May 6-13) I recommended the Holiday Inn and Europcar economy. She asked me to reserve the hotel: book_hotel(8) -> "Hotel 8 successfully booked." (May 6-13). She then said "book anything that's moderate expense and has availability": book_car_rental(1) -> "Car rental 1 successfully booked." (Europcar economy, May 6-13).

Current state: flight 19252 on May 6, Holiday Inn Basel and Europcar economy booked for May 6-13; excursions not discussed yet. Her last message: "Now for a car, what are my options?" Next: search car rentals for Basel May 6-13 and list the options, making clear that the Europcar economy car is already booked for her."""

T[S2, "faithful_short"] = """So far: Swiss Airlines support for ticket 7240005432906569 (booking C46E9F, seat 18E), originally LX0112 CDG->BSL on 2024-04-30 20:37. No earlier same-day flight existed (only flight 19250). On "next week, next available" I moved the ticket to flight 19252 (Monday May 6, 20:37) - update succeeded. For the 7-day stay May 6-13 I booked Holiday Inn Basel (book_hotel 8, success) and, on "book anything moderate", Europcar economy (book_car_rental 1, success). Other cars: Avis 2 Luxury, Enterprise 7 Premium, Thrifty 9 Midsize. Her last question: "Now for a car, what are my options?" Next: search rentals for May 6-13 and present them, noting Europcar is already booked."""

T[S2, "terse"] = """Ticket 7240005432906569 moved from LX0112 on Apr 30 to flight 19252 (May 6, 20:37). Booked Holiday Inn Basel (hotel 8) and Europcar economy (car 1) for May 6-13. User now asks what car options she has; list rentals, Europcar already booked."""

T[S2, "planted_errors"] = """Summary of the conversation so far (messages 1-41).

I am the Swiss Airlines support assistant. The customer asked when her flight leaves: ticket 7240005432906569, booking C46E9F, LX0112 Paris CDG -> Basel BSL, flight_id 19250, 2024-04-30 at 20:37, seat 18E, Economy.

She asked to leave earlier today. The policy allows online changes; the same-day search found only her own flight, and a wider search returned unrelated flights, so nothing was changed.

She then asked to travel next week instead. search_flights CDG->BSL 2024-05-06..05-12 showed LX0112 daily at 20:37. She said the next available option is great, and I moved her ticket with update_ticket_to_new_flight to flight 19238, which departs Wednesday May 8 at 20:37; the update succeeded.

Lodging and transport in Basel: hotels are Hilton Basel (id 1, Luxury), Hyatt Regency Basel (id 3, Upper Upscale) and Holiday Inn Basel (id 8, Upper Midscale); cars are Europcar (id 1, Economy), Avis (id 2), Enterprise (id 7) and Thrifty (id 9, Midsize). She asked me to reserve the recommended hotel: book_hotel(8) -> "Hotel 8 successfully booked." for a 7-night stay. When she said to book anything moderate with availability, I did not book a car yet, because she had not chosen a company; the rental is still open.

Current state: flight changed, Holiday Inn booked. Her last message: "Now for a car, what are my options?" Next: search car rentals for her stay and present the options so she can choose and I can book her first rental car."""
P[S2] = [
    "Says the ticket was moved to flight 19238 on Wednesday May 8; the update was to flight 19252, reported as Monday May 6.",
    "Says no car was booked after 'book anything moderate'; book_car_rental(1) (Europcar economy) succeeded then.",
    "Consequently frames the next step as booking her first rental car, although Europcar is already booked for May 6-13.",
]

T[S2, "keyword_dump"] = """fetch_user_flight_information | ticket_no 7240005432906569 | book_ref C46E9F | flight_id 19250 | LX0112 | CDG BSL | 2024-04-30 20:37:10 | 22:07:10 | seat_no 18E | Economy | lookup_policy "flight change policy" | "You can change the flight and the travel dates" | search_flights 2024-04-30 | limit 100 | DL0042 BSL HAM | BA0096 | LX0024 | "Update my flight to sometime next week then" | search_flights 2024-05-06 .. 2024-05-12 | "The next available option is great" | update_ticket_to_new_flight new_flight_id 19252 | "Ticket successfully updated to new flight." | 2024-05-06 20:37 | search_hotels Basel Midscale 2024-05-06 2024-05-13 | Hilton Basel 1 | Hyatt Regency Basel 3 | Holiday Inn Basel 8 Upper Midscale | search_car_rentals Economy | Europcar 1 | Avis 2 | Enterprise 7 | Thrifty 9 | book_hotel hotel_id 8 | "Hotel 8 successfully booked." | "yes go ahead and book anything that's moderate expense and has availability." | book_car_rental rental_id 1 | "Car rental 1 successfully booked." | "Now for a car, what are my options?\""""

T[S2, "stale"] = """Summary so far. I am the Swiss Airlines support assistant. The customer asked when her flight leaves. I fetched her booking: ticket 7240005432906569, booking reference C46E9F, seat 18E in Economy, flight LX0112 (flight_id 19250) from Paris CDG to Basel BSL on 2024-04-30, departing 20:37 and arriving 22:07. I told her it leaves at 8:37 PM today.

She then asked whether she could change to a sooner flight and still leave later today. The policy lookup says flights and travel dates can be changed online when the ticket number starts with 724. A search for CDG to BSL flights on April 30 returned only her own flight, and a broader search returned only unrelated flights (for example DL0042 from Basel to Hamburg), so I suggested alternative routings via other airports instead. Nothing has been changed on her ticket. If she still wants to travel on another day, the next step is to search later dates on the same route and move the ticket with update_ticket_to_new_flight."""

T[S2, "vague_long"] = """This summarises the conversation so far. I am the airline's customer support assistant, helping a customer with a trip that involves a short international flight followed by a stay of about a week at her destination. She started with a simple question about when her flight departs, which I answered after looking up her booking details in the system.

She then wanted to know whether she could change to a different flight on the same day. I consulted the airline's policy on changes, which allows rebooking under certain conditions, and searched for alternatives. The searches did not turn up anything useful for that day, so her original booking stayed as it was for the moment and I explained the situation to her.

Following that, she decided she would rather travel the following week, and asked for the earliest convenient option. I searched the available flights on her route for that period, selected the earliest suitable departure and updated her ticket accordingly. The system confirmed the change, and I passed the updated travel details on to her.

With the flight settled, the conversation moved to accommodation and transport. She wanted an affordable hotel for roughly a week and a rental car. I compared the hotels and rental companies available at her destination across several price levels, explained which ones seemed to fit her budget, and made the reservations she asked for, aiming for moderately priced choices with availability during her stay. Those bookings were confirmed by the system without any problems being reported.

Most recently, the customer has returned to the subject of rental cars and is asking what her options are. The appropriate next step is to look at what rental vehicles are available for her travel dates, describe the different classes and companies in a clear way, take into account what has already been arranged for her, and then help her decide which option suits her best before making any further changes."""

# ---------------------------------------------------------------- S3
T[S3, "faithful"] = """Summary of the conversation so far (messages 1-39).

I am the Swiss Airlines support assistant; in this setup my booking and update tools pause for the customer's approval, and she has answered "y" every time (the results of approved calls are not shown to me).

Her flight (fetch_user_flight_information): ticket 7240005432906569, LX0112, flight_id 19250, Paris CDG -> Basel BSL, 2024-04-30 at 20:37, seat 18E. She asked for an earlier flight the same day: the policy says same-day earlier changes apply to Flex fares; search_flights for CDG->BSL, CDG->anywhere and anywhere->ZRH on 2024-04-30 all returned [], so I advised keeping her flight.

She asked to move to next week. The policy allows date changes (new ticket number issued). search_flights CDG->BSL 2024-05-01..05-07 listed LX0112 daily at 20:37 (19233 May 1, 19265 May 3, 19232 May 4, 19284 May 5, 19252 May 6; list truncated). I called update_ticket_to_new_flight(7240005432906569, new_flight_id 19287), she approved, and I told her she is now on May 2 at 8:37 PM (the date of 19287 is not visible in the results).

Lodging: hotels in Basel are Hilton Basel (id 1, Luxury), Hyatt Regency Basel (id 3, Upper Upscale) and Holiday Inn Basel (id 8, Upper Midscale). For the 7-night stay May 2-9 three bookings were approved and none cancelled: book_hotel(8) Holiday Inn; then, when she asked to reserve "your recommended hotel", I wrongly booked book_hotel(1) Hilton as if she wanted luxury; then on "book anything that's moderate expense" I booked book_hotel(3) Hyatt Regency (a later search shows Hilton booked: 1); unresolved.

Cars: I only searched for May 2-5 (Europcar 1 Economy, Avis 2 Luxury, Enterprise 7 Premium, Thrifty 9 Midsize); no car has been booked in this conversation.

Current state: flight moved (19287), hotels 8, 1 and 3 all booked. Her last message: "Now for a car, what are my options?" Next: search car rentals for May 2-9 and present the options; she is likely to want the cheapest for 7 days. The extra hotel bookings should be cleaned up."""

T[S3, "faithful_short"] = """So far: Swiss Airlines support, tools need the customer's approval ("y" each time; results of approved calls not shown). Ticket 7240005432906569, LX0112 (19250) CDG->BSL Apr 30 20:37. No same-day alternative (all searches empty). Moved to next week: update_ticket_to_new_flight to flight 19287, which I reported as May 2, 8:37 PM. Hotels for May 2-9: I booked Holiday Inn Basel (8), then Hilton Basel (1) by misreading "recommended hotel", then Hyatt Regency (3) for "moderate" - all three still booked. No car booked; cars searched only for May 2-5. Last user message: "Now for a car, what are my options?" Next: search rentals for May 2-9 and list them; fix the duplicate hotel bookings."""

T[S3, "terse"] = """Swiss Airlines support, approval-gated tools. Ticket 7240005432906569 moved to flight 19287 (said May 2). Hotels booked May 2-9: Holiday Inn (8), Hilton (1), Hyatt Regency (3) - duplicates, none cancelled. No car booked yet. User asks for car options: search rentals for May 2-9."""

T[S3, "planted_errors"] = """Summary of the conversation so far (messages 1-39).

I am the Swiss Airlines support assistant; booking tools wait for the customer's approval and she has answered "y" each time.

Her flight: ticket 7240005432906569, LX0112, flight_id 19250, CDG -> BSL, 2024-04-30 at 20:37, seat 18E. For an earlier flight the same day, searches for CDG->BSL, CDG->anywhere and anywhere->ZRH on April 30 all came back empty, so she kept the flight for the moment.

She then asked to travel next week. search_flights CDG->BSL 2024-05-01..05-07 listed LX0112 daily at 20:37. I rebooked her with update_ticket_to_new_flight to flight 19233, Wednesday May 1 at 20:37, and she approved.

Lodging in Basel: Hilton Basel (id 1, Luxury), Hyatt Regency Basel (id 3, Upper Upscale), Holiday Inn Basel (id 8, Upper Midscale). I first booked the Holiday Inn (book_hotel 8). When she asked to reserve the recommended hotel I booked the Hilton (book_hotel 1), and when she asked for something moderate I cancelled the Hilton and the Holiday Inn and booked the Hyatt Regency (book_hotel 3), so she now holds a single reservation at the Hyatt Regency for May 2-9.

Cars: she also wanted a car; Europcar economy (rental id 1) was booked together with the hotel, so transport is already arranged.

Current state: flight moved, one hotel, one car. Her last message: "Now for a car, what are my options?" Next: show the other rental options (Avis, Enterprise, Thrifty) in case she wants to switch."""
P[S3] = [
    "Says the ticket was moved to flight 19233 on May 1; the call was update_ticket_to_new_flight to 19287, reported to her as May 2.",
    "Says the Hilton and Holiday Inn bookings were cancelled leaving only the Hyatt Regency; no cancellation was made, all three hotel bookings (8, 1, 3) stand.",
    "Says Europcar economy (rental 1) was already booked; no car was booked in the range (cars were only searched for May 2-5).",
]

T[S3, "keyword_dump"] = """fetch_user_flight_information | 7240005432906569 | LX0112 | flight_id 19250 | CDG BSL | 2024-04-30 20:37:10 | seat 18E | lookup_policy "changing flight times" | "Change to earlier flight on the same day" Economy Flex | search_flights 2024-04-30 -> [] | departure_airport CDG -> [] | arrival_airport ZRH -> [] | "Update my flight to sometime next week then" | lookup_policy "changing flight dates" | search_flights 2024-05-01 2024-05-07 | 19232 2024-05-04 | 19233 2024-05-01 | 19252 2024-05-06 | 19265 | 19284 | update_ticket_to_new_flight new_flight_id 19287 | approval y | "May 2nd, 2024 at 8:37 PM" | search_hotels Basel 2024-05-02 2024-05-09 Midscale | book_hotel hotel_id 8 | "OK could you place a reservation for your recommended hotel?" | book_hotel hotel_id 1 Hilton Basel Luxury | "book anything that's moderate expense" | search_hotels Upscale | Hilton "booked": 1 | book_hotel hotel_id 3 Hyatt Regency Basel | search_car_rentals 2024-05-02 2024-05-05 | Europcar 1 | Avis 2 | Enterprise 7 | Thrifty 9 | "Now for a car, what are my options?\""""

T[S3, "stale"] = """Summary so far. I am the Swiss Airlines support assistant; my booking and update tools wait for the customer's approval before they run. The customer asked when her flight leaves: ticket 7240005432906569, LX0112 (flight_id 19250) from Paris CDG to Basel BSL on 2024-04-30 at 20:37, seat 18E, which I told her.

She asked whether she could take an earlier flight the same day. The policy says a same-day change to an earlier flight is offered for Flex fares. My searches for CDG to BSL, for any flight out of CDG, and for flights into ZRH on April 30 all returned no results, so I advised her to keep the original flight.

She then asked to move the flight to sometime next week. I looked up the policy on changing dates (dates can be changed online, a new ticket number is issued) and searched CDG to BSL for May 1-7, which shows LX0112 every day at 20:37. The next step is to rebook her ticket onto the next available of these flights with update_ticket_to_new_flight once she approves."""

T[S3, "vague_long"] = """Here is where things stand in the conversation. I have been assisting a customer of the airline with her upcoming trip, working with a set of tools where some actions, such as changing a ticket or making a reservation, require her explicit approval before they are carried out. She has been giving her approval as we go along.

She first wanted to know when her flight leaves, and then asked about switching to another flight on the same day. I checked the relevant policy and searched for alternatives, but nothing suitable turned up for that day, so I recommended that she keep her existing plans for the time being.

She then decided to move her trip to the following week. I reviewed the policy for changing travel dates, searched for flights on her route over the coming days, and rebooked her onto one of the next available departures after she confirmed. I gave her a summary of the new flight details once the change had been made.

Next we discussed lodging and getting around at the destination. I searched for hotels and rental car companies, described the different price categories, and made hotel reservations in line with what I understood her preferences to be. There was some back and forth about which hotel she actually wanted, moving between more upscale and more moderately priced options, and reservations were made along the way as her requests evolved. It would be worth reviewing the accommodation situation to make sure it reflects what she really wants.

The customer has now turned to the question of a rental car and wants to know what her options are. The sensible next step is to search for rental cars covering the dates of her stay, present the available categories and companies clearly, take her budget into account, and then make the booking she chooses after getting her approval, while keeping an eye on tidying up anything from the earlier bookings that may not match her wishes."""

# ---------------------------------------------------------------- S4
T[S4, "faithful"] = """Summary of the conversation so far (messages 1-39).

I am the primary Swiss Airlines assistant. I do not change bookings myself: I hand tasks to specialised assistants with UpdateFlight, BookHotel, BookCarRental and BookExcursion, and they hand back with CompleteOrEscalate. Their sensitive calls wait for the customer's approval; she typed "y" every time (results of approved calls are not shown).

Flight: she asked to move her flight "to something later this week or next". Via UpdateFlight, search_flights CDG->BSL 2024-04-30..05-07 showed LX0112 daily, 14:37-16:07; options offered: Sat May 4, Sun May 5, Mon May 6. lookup_fee (Economy, Change Flight Date) was called; its result is not shown. She chose the first: update_ticket_to_new_flight(ticket 7240005432906569, new_flight_id 19232), approved. I told her she is on LX0112 May 4, 14:37, booking ref C46E9F unchanged, new ticket number issued, and that a $100 change fee was charged for a new total of $475 - these amounts come from me, not from a tool result.

Lodging: for a week-long, affordable stay (May 4-11) the hotel assistant searched Midscale (nothing in that tier) and Upper Midscale, and proposed Holiday Inn Basel (hotel id 8), quoting $840 total (again my own figure). She said "place a reservation ... Feel free to choose for me": book_hotel(8) approved.

Car: she said "book anything that's moderate expense and has availability". The car assistant searched Midscale, then Midsize tiers for May 4-11 (Europcar id 1 Economy, Avis id 2 Luxury, Enterprise id 7 Premium, Thrifty id 9 Midsize) and offered Thrifty midsize at "$425 for 8 days", then returned to me asking for confirmation. No car is booked.

Current state: flight on 19232 (May 4), Holiday Inn Basel booked May 4-11, car pending. Her last message: "Now for a car, what are my options?" Next: present the options - Thrifty midsize ($425) and Europcar economy ($375 quoted) - and, once she chooses, delegate the booking with BookCarRental (Europcar is rental id 1). Excursions come after that."""

T[S4, "faithful_short"] = """So far: I am the primary Swiss Airlines assistant delegating to specialised assistants (UpdateFlight, BookHotel, BookCarRental, BookExcursion; they return via CompleteOrEscalate); approvals were all "y". Flight moved with update_ticket_to_new_flight(7240005432906569, 19232) to LX0112 Sat May 4, 14:37; I told her a $100 change fee, new total $475 (not from any tool result). Holiday Inn Basel (hotel 8) booked for May 4-11 (I quoted $840). Car: only offered Thrifty midsize "$425 for 8 days"; nothing booked. Her last question: "Now for a car, what are my options?" Next: present Thrifty midsize and Europcar economy (rental 1), then delegate the booking to BookCarRental."""

T[S4, "terse"] = """Multi-assistant Swiss Airlines support (delegation tools, user approves each change). Ticket 7240005432906569 moved to flight 19232 (LX0112, May 4). Holiday Inn Basel (8) booked May 4-11. Car not booked: only Thrifty midsize $425 offered. User asks car options; list them, then delegate via BookCarRental."""

T[S4, "planted_errors"] = """Summary of the conversation so far (messages 1-39).

I am the primary Swiss Airlines assistant and delegate changes to specialised assistants with UpdateFlight, BookHotel, BookCarRental and BookExcursion; they return with CompleteOrEscalate. Sensitive calls wait for the customer's approval, which she has given each time.

Flight: she asked to move her flight later this week or next. The flight assistant's search (CDG->BSL, 2024-04-30..05-07) showed LX0112 daily at 14:37; options were May 4, 5 and 6. She said the first one works, and update_ticket_to_new_flight(7240005432906569, 19232) was approved. The fee lookup returned no change fee for her Economy fare, so the change was free of charge and no new ticket number was issued.

Lodging: for a week-long affordable stay the hotel assistant searched Midscale and Upper Midscale and proposed the Holiday Inn Basel (hotel id 8). She asked me to reserve it and choose for her; book_hotel(8) was approved for May 4-11.

Car: she asked to book anything moderate. The car assistant searched the Midscale and Midsize tiers for May 4-11 and booked the Thrifty midsize car (rental id 9) for $425 for 8 days; the booking was approved.

Current state: flight on 19232 (May 4), Holiday Inn Basel booked, Thrifty car booked. Her last message: "Now for a car, what are my options?" Next: explain the alternatives to the Thrifty car she already has; she may want to switch to something cheaper, which would require cancelling rental 9 first."""
P[S4] = [
    "Says the fee lookup returned no change fee and the change was free; the lookup_fee result is not shown, and the assistant told her a $100 change fee and a new total of $475.",
    "Says no new ticket number was issued; the assistant told her a new ticket number was issued (booking ref C46E9F unchanged).",
    "Says the Thrifty midsize car (rental 9) was booked and approved; it was only offered, with CompleteOrEscalate asking for confirmation, so no car is booked and there is nothing to cancel.",
]

T[S4, "keyword_dump"] = """"Update my flight to something later this week or next actually." | UpdateFlight | "The assistant is now the Flight Updates & Booking Assistant" | search_flights CDG BSL 2024-04-30 2024-05-07 | flight_id 19232 LX0112 2024-05-04 14:37 16:07 | May 5 | May 6 | lookup_fee change_type "Change Flight Date" ticket_type Economy | "First one works for me - go ahead and update my reservation" | update_ticket_to_new_flight 7240005432906569 new_flight_id 19232 | approval y | "$100 change fee" | "$475" | C46E9F | "Great - now i want to figure out lodging and transportation." | BookHotel 2024-05-04 2024-05-11 | search_hotels Midscale | Upper Midscale | Holiday Inn Basel | "$840 total" | CompleteOrEscalate cancel false | "Feel free to choose for me" | book_hotel hotel_id 8 | "book anything that's moderate expense and has availability" | BookCarRental | search_car_rentals Midscale | Midsize | Thrifty | "$425 for 8 days" | "Resuming dialog with the host assistant" | "Now for a car, what are my options?\""""

T[S4, "stale"] = """Summary so far. I am the primary Swiss Airlines assistant; I hand changes to specialised assistants (UpdateFlight, BookHotel, BookCarRental, BookExcursion) who return control with CompleteOrEscalate, and sensitive actions wait for the customer's approval.

The customer asked to move her flight to something later this week or next. The flight assistant searched CDG to BSL from 2024-04-30 to 2024-05-07: LX0112 flies daily at 14:37, arriving 16:07, and I offered Saturday May 4, Sunday May 5 and Monday May 6. A change-fee lookup for her Economy ticket was started. She answered that the first option works, and the flight assistant called update_ticket_to_new_flight for ticket 7240005432906569 to flight 19232 (May 4), which she approved. She then asked whether it is updated now, and I confirmed the new flight: LX0112 on May 4, 14:37-16:07, booking reference C46E9F. The next topic she raised is lodging and transportation for her stay in Basel."""

T[S4, "vague_long"] = """Here is a summary of the conversation so far. I am the airline's main support assistant, and in this setup I work together with several specialised assistants that handle particular kinds of tasks such as flight changes, hotel bookings, car rentals and excursions. I pass tasks to them when the customer asks for something in their area, and they hand the conversation back to me when they are done or need more input. Actions that change bookings require the customer to approve them first, and she has been approving them.

The customer started by asking to move her flight to a later date. The flight specialist searched for alternatives on her route, presented a few options over the following days, and after she picked one, changed her booking. I then confirmed the new itinerary to her and mentioned some details about fees and the ticket that went along with the change.

Next she wanted to sort out accommodation and transport for a stay of about a week. The hotel specialist searched for affordable options, widened the search when the first price category came up short, and proposed a hotel that seemed to match her budget. She asked us to go ahead and choose for her, and the reservation was made after her approval.

She also wants a rental car, ideally something moderately priced. The car specialist looked at the available vehicles for her dates and came back with a suggestion in a middle price category, asking whether she wanted to proceed with it, so this part of the trip is not yet finalised.

Now she has asked directly what her options are for a car. The next step is to lay out the available rental choices clearly, including their approximate costs, help her pick the one that fits her preference, and then route the booking to the car rental specialist so that it can be confirmed, before moving on to any remaining requests about activities during her stay."""

# ---------------------------------------------------------------- S5
T[S5, "faithful"] = """Summary of the conversation so far (messages 1-15).

I am the Swiss Airlines support assistant. In this setup every tool call waits for the customer's approval; she typed "y" each time, and the results of approved calls are not shown to me, so I only know what I called.

Her flight: LX0112 from Paris CDG to Basel BSL, scheduled 2024-04-30 20:37 (-04:00), which I told her when she asked about the flight time (I also called lookup_policy "Check flight times").

She asked to switch to a sooner flight later today: I called lookup_policy "changing flight to earlier time same day"; no flight search or change followed. She then said "Update my flight to sometime next week then": search_flights CDG->BSL 2024-05-01..05-07. On "The next available option is great" I named LX0112, flight ID 19233, departing May 1 at 20:37 and arriving 22:07, and called lookup_policy "changing economy flex ticket to different date". No update_ticket_to_new_flight call has been made, so the ticket change is not confirmed.

Lodging and transport: she asked about both; I ran search_hotels Basel for May 1-2, then, for her "affordable hotel for my week-long stay (7 days)" plus a rental car, search_hotels Basel May 1-8 with price_tier Midscale. When she asked me to reserve my recommended hotel, I called book_hotel(hotel_id 8), the Holiday Inn Basel, for May 1-8, and she approved it. No car search or car booking has been made yet, although she wants a car for the week.

Current state: hotel 8 booked (approved) for May 1-8; flight change to 19233 planned but not executed; car outstanding. Her last message: "yes go ahead and book anything that's moderate expense and has availability." Next: act on that - book a moderately priced rental car for May 1-8 (and complete the ticket update to 19233) before turning to excursions; every call will again need her approval."""

T[S5, "faithful_short"] = """So far: Swiss Airlines support; every tool call needs the customer's approval ("y" each time) and results of approved calls are not shown. Flight LX0112 CDG->BSL 2024-04-30 20:37. For "next week, next available" I picked flight 19233 (May 1, 20:37) but only looked up the policy - no update_ticket_to_new_flight call yet. Hotel: for a 7-night affordable stay I booked Holiday Inn Basel (book_hotel 8, May 1-8), approved. She also wants a rental car for the week; none searched or booked. Her last message: "yes go ahead and book anything that's moderate expense and has availability." Next: book a moderate car for May 1-8 and complete the flight update."""

T[S5, "terse"] = """Approval-gated Swiss Airlines support; results of approved calls are not shown. Flight LX0112 on Apr 30; planned move to flight 19233 (May 1) not executed. Holiday Inn Basel (8) booked May 1-8. User: "book anything moderate" - rental car still to book."""

T[S5, "planted_errors"] = """Summary of the conversation so far (messages 1-15).

I am the Swiss Airlines support assistant; every tool call waits for the customer's approval and she has answered "y" each time.

Her flight: LX0112 from Paris CDG to Basel BSL, scheduled 2024-04-30 at 20:37. She asked to switch to a sooner flight today; I looked up the same-day change policy.

She then asked to move the flight to next week. I searched CDG->BSL for 2024-05-01..05-07, and when she said the next available option is great I rebooked her with update_ticket_to_new_flight to flight 19252 on May 6, which she approved, so her flight change is complete.

Lodging and transport: she wants an affordable hotel for a 7-night stay and a rental car. I searched Basel hotels for May 1-8 in the Midscale tier. When she asked me to reserve my recommended hotel, I booked the Hilton Basel (hotel_id 1) for May 1-8, and she approved it. I also searched car rentals and booked the Europcar economy car (rental 1) for the week at the same time.

Current state: flight changed, hotel and car booked. Her last message: "yes go ahead and book anything that's moderate expense and has availability." Next: since the flight, hotel and car are all done, look for moderately priced excursions and activities in Basel for her week there, again asking for her approval."""
P[S5] = [
    "Says the ticket was rebooked to flight 19252 on May 6 and the change is complete; the assistant named flight 19233 (May 1) and only called lookup_policy - no update_ticket_to_new_flight call was made.",
    "Says the hotel booked was Hilton Basel (hotel_id 1); the call was book_hotel(8), Holiday Inn Basel.",
    "Says a Europcar car was searched and booked; no car search or booking happened in the range, the car is still outstanding.",
]

T[S5, "keyword_dump"] = """"Hi there, what time is my flight?" | LX0112 | CDG | BSL | 2024-04-30 20:37:10.742285-04:00 | lookup_policy "Check flight times" | approval y | "Am i allowed to update my flight to something sooner?" | lookup_policy "changing flight to earlier time same day" | "Update my flight to sometime next week then" | search_flights CDG BSL start_time 2024-05-01 end_time 2024-05-07 | "The next available option is great" | Flight ID: 19233 | Departure: 2024-05-01 20:37 | Arrival 22:07 | lookup_policy "changing economy flex ticket to different date" | "what about lodging and transportation?" | search_hotels Basel 2024-05-01 2024-05-02 | "affordable hotel for my week-long stay (7 days). And I'll want to rent a car." | search_hotels 2024-05-01 2024-05-08 price_tier Midscale | "OK could you place a reservation for your recommended hotel?" | book_hotel hotel_id 8 | Holiday Inn Basel | "yes go ahead and book anything that's moderate expense and has availability.\""""

T[S5, "stale"] = """Summary so far. I am the Swiss Airlines support assistant, and in this setup each tool call waits for the customer's approval before it runs; she has approved with "y".

She asked what time her flight is: LX0112 from Paris CDG to Basel BSL, scheduled for 2024-04-30 at 20:37, and I told her so. She then asked whether she could move to a sooner flight and leave later today, and I looked up the policy on same-day changes to an earlier flight. After that she asked to update the flight to sometime next week instead, and I searched for CDG to BSL flights between 2024-05-01 and 2024-05-07. She answered that the next available option is great, so the next step is to pick the earliest LX0112 departure in that window, check the rebooking conditions for her economy ticket, and move her ticket to the new flight once she approves."""

T[S5, "vague_long"] = """Here is an overview of the conversation up to now. I am acting as the airline's customer support assistant, and in this particular setup any action I take with my tools needs the customer's approval before it goes ahead. She has been approving the steps as they come up, which means I do not always see the detailed outcome of each action, so some things should be double-checked before relying on them.

She opened by asking about the time of her flight, which I answered from her booking. She then asked whether it would be possible to change to another flight on the same day, and I looked into the rules that apply to such changes. Shortly afterwards she decided she would rather travel the following week, so I searched for alternative flights on her route during that period. She was happy to take the earliest available one, and I identified a suitable departure and started checking the conditions for changing her ticket, although I am not certain every part of that change has been completed.

The conversation then moved on to her stay at the destination. She asked about accommodation and transport, and in particular she wants an affordable hotel for about a week and a rental car. I looked at the hotel options in the relevant price range and, when she asked me to reserve the one I recommended, I made a reservation at a reasonably priced hotel for the length of her stay, which she approved.

Transport has not yet been fully arranged. Her most recent message asks me to go ahead and book anything that is moderately priced and available. The next step is therefore to follow up on the remaining items in a sensible order: make sure her flight change is actually in place, arrange a moderately priced rental car for the duration of the trip, and then consider any further activities she might be interested in, asking for her approval at each step."""
