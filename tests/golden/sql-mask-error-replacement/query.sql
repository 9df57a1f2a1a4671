-- mask's replacements are constants of one character each.
SELECT mask(card.number, '**') FROM cards
