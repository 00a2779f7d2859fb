// PiggyCards.
