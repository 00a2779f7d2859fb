-- Sample explore database: logos, directions links and phone numbers, INVENTED for the sample.
-- The wallets' files have these columns (merchant.logoLocation, merchant.googleMaps, merchant.phone); the
-- sample's values are made up: every logo is on the reserved documentation domain `logos.example` (no such
-- server), every directions link is a map search for the row's own invented coordinates, and the phone
-- numbers added here are 555-01xx numbers like those of 010-030. `show` prints them, and `show --locations`
-- each place's own.
-- Written for DashSpend; see README.md in this folder.

-- A logo for every gift-card merchant and for the Dash merchants with a website.
UPDATE merchant SET logoLocation = 'https://logos.example/dashspend-sample/' || merchantId || '.png'
    WHERE trim(paymentMethod) <> 'dash' OR website IS NOT NULL;

-- A directions link for every place (rows with coordinates).
UPDATE merchant SET googleMaps = 'https://www.google.com/maps/search/?api=1&query=' || latitude || ',' || longitude
    WHERE latitude IS NOT NULL AND longitude IS NOT NULL;

-- Customer-service numbers on some online rows (the merchant's own phone, shown by `show`).
UPDATE merchant SET phone = '(800) 555-0100'
    WHERE merchantId = 'a1b2c3d4-0001-4000-8000-000000000001' AND latitude IS NULL;  -- Home Depot
UPDATE merchant SET phone = '(800) 555-0102'
    WHERE merchantId = 'a1b2c3d4-0002-4000-8000-000000000002' AND latitude IS NULL;  -- Nike
-- A phone for the one place of Lone Star Cycles (a physical merchant with one place: its own contact).
UPDATE merchant SET phone = '(512) 555-0193' WHERE merchantId = '9002';
