select col1, col2.b from mixedcase
