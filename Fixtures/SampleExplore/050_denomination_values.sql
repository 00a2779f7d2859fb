-- Sample explore database: the card values of every offer, INVENTED for the sample.
-- The wallets' explore files keep only each offer's denominations type: the values come from the providers'
-- live answers alone. The sample adds one column the real files do not have, gift_card_providers.denominationValues,
-- so that `show` and a library reading offers from the sample see values without a provider (source `local`):
-- fixed values separated by commas ('25, 50, 100'), a range as its two ends ('10..500').
-- Together with the rows of 010-030 it covers every kind of offer: fixed values, an option list ('option',
-- Starbucks), ranges (min-max, min-max-major), a disabled offer (Best Buy), no discount (Amazon on CTX), a
-- fee (Amazon on PiggyCards) and merchants sold by both providers (Home Depot, Nike, Amazon, ...).
-- Written for DashSpend; see README.md in this folder.

ALTER TABLE gift_card_providers ADD COLUMN denominationValues TEXT;

-- Every offer first gets values of its type; the merchants below then get their own.
UPDATE gift_card_providers SET denominationValues = '25, 50, 100'
    WHERE lower(trim(denominationsType)) IN ('fixed', 'option');
UPDATE gift_card_providers SET denominationValues = '10..500'
    WHERE lower(trim(denominationsType)) IN ('min-max', 'min-max-major');

-- Home Depot: a range on CTX, fixed values on PiggyCards
UPDATE gift_card_providers SET denominationValues = '10..2000'
    WHERE merchantId = 'a1b2c3d4-0001-4000-8000-000000000001' AND provider = 'CTX';
UPDATE gift_card_providers SET denominationValues = '25, 50, 100, 250, 500'
    WHERE merchantId = 'a1b2c3d4-0001-4000-8000-000000000001' AND provider = 'PiggyCards';
-- Nike: fixed values on both, not the same ones
UPDATE gift_card_providers SET denominationValues = '25, 50, 100, 150'
    WHERE merchantId = 'a1b2c3d4-0002-4000-8000-000000000002' AND provider = 'CTX';
-- Amazon: no discount on CTX (any amount from 1 to 2,000), a fee on PiggyCards (fixed values)
UPDATE gift_card_providers SET denominationValues = '1..2000'
    WHERE merchantId = 'a1b2c3d4-0006-4000-8000-000000000006' AND provider = 'CTX';
UPDATE gift_card_providers SET denominationValues = '10, 25, 50, 100'
    WHERE merchantId = 'a1b2c3d4-0006-4000-8000-000000000006' AND provider = 'PiggyCards';
-- Best Buy: a disabled offer still has its values
UPDATE gift_card_providers SET denominationValues = '25..500'
    WHERE merchantId = 'a1b2c3d4-0007-4000-8000-000000000007';
-- Café Rio, Chipotle: small fixed values
UPDATE gift_card_providers SET denominationValues = '10, 25'
    WHERE merchantId = 'a1b2c3d4-0009-4000-8000-000000000009';
UPDATE gift_card_providers SET denominationValues = '10, 15, 25, 50'
    WHERE merchantId = 'a1b2c3d4-0010-4000-8000-000000000010';
-- Starbucks: an option list (CTX's 'option' spelling of fixed values)
UPDATE gift_card_providers SET denominationsType = 'option', denominationValues = '5, 10, 15, 25, 50'
    WHERE merchantId = '272697d1-4450-4f0c-82f1-ad499f0c2025' AND provider = 'CTX';
-- Airbnb: 'min-max-major', whole amounts from 50 to 1,000
UPDATE gift_card_providers SET denominationValues = '50..1000'
    WHERE merchantId = '4dec4eba-dddb-47a8-99d3-59d116aeb515';
-- Regal: two values
UPDATE gift_card_providers SET denominationValues = '25, 50'
    WHERE merchantId = 'd1ba098d-0ba1-42bf-9225-b9f406275545';
-- PiggyCards-only merchants: Razer Gold, Steam, and the one range (brand 377)
UPDATE gift_card_providers SET denominationValues = '5, 10, 20, 50, 100' WHERE merchantId = '312';
UPDATE gift_card_providers SET denominationValues = '20, 50, 100' WHERE merchantId = '318';
UPDATE gift_card_providers SET denominationValues = '15..200' WHERE merchantId = '377';
