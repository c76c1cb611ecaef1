package ludo

// What the external tests (package ludo_test) reach of the package's
// internals: the position parser's hook for extra lines, which the
// scenario files use.
var ParsePositionFunc = parsePositionFunc

type TextLine = textLine
