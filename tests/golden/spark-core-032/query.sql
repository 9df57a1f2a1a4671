select CoL1, coL2.B from mixedcase
