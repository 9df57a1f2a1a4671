select id from mixedcase where Col2.b = 2
