// The cell-naming rule of the page, the same as Go's web.cellLabel: columns
// are lettered A..Z, AA, AB, ... and rows numbered from 1, so "C7" is
// column C, row 7. TestBrowserCellNames checks that this module and the Go
// rule name every cell of every board up to 50x50 alike.

// colLabel names board column c (0-based).
export function colLabel(c) {
  let s = "";
  for (c++; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + (c - 1) % 26) + s;
  return s;
}

// cellName names cell (row-major, 0-based) of a board cols wide.
export function cellName(cols, cell) { return colLabel(cell % cols) + (Math.floor(cell / cols) + 1); }
