// Package pathio writes and reads Hamiltonian paths one cell at a time, in
// the text path format and in a compact binary format, so that a path of
// 10^8 cells never has to be held in memory.
//
// Every call takes and returns 0-based (row, col) cells, like construct.Walk;
// the text format shows them 1-based, as every text a person reads does.
//
// # Text format
//
// One cell per line, "row,col" counted from 1, each line ended by '\n'
// ("1,1\n3,2\n..."). Readers also accept lines starting with "//" or "#"
// (comments), spaces around the numbers, "\r\n" line ends and blank lines
// before and after the path; a blank line between two cells separates two
// paths (boardgraph enumerate's output) and is an error.
// This is what boardgraph solve --format path prints.
//
// # Binary format, version 1
//
// All integers are little-endian. A file is a header, a payload and a
// checksum, and nothing after them:
//
//	offset  size  field
//	0       8     magic: 0x89 'B' 'G' 'P' '\r' '\n' 0x1A '\n'
//	8       2     version: 1
//	10      2     flags: bit 0 set = closed tour (the last cell is one move
//	              from the first); the other bits are 0
//	12      4     rows, >= 1
//	16      4     cols, >= 1 (rows*cols <= 2^40)
//	20      8     length: the number of cells in the path, 1 <= length <= rows*cols
//	28      4     start row, 0-based, < rows
//	32      4     start col, 0-based, < cols
//	36      2     k: the number of move vectors, 1 <= k <= 4096
//	38      1     b: bits per move index; b = max(1, ceil(log2 k)) exactly
//	              (8 moves, as for the knight or Diplomatico: 3 bits)
//	39      1     n: length of the move-set name, 0..255
//	40      n     the move-set name as boardgraph writes it ("knight",
//	              "hopido", "1,2", "3,0+2,2"); informational, readers may
//	              use it to cross-check the vectors
//	40+n    8k    the move vectors: k pairs (dr, dc) of signed 32-bit
//	              integers; a step by vector i moves from (r, c) to
//	              (r+dr, c+dc). No vector is (0,0) and no two are equal.
//	H       P     payload: length-1 move indices of b bits each, packed
//	              least significant bit first. Index i (the move from the
//	              i-th cell to the next, 0-based) occupies payload bits
//	              i*b .. i*b+b-1, where payload bit j is bit j%8 (value
//	              1<<(j%8)) of payload byte j/8, and the index's bit 0 comes
//	              first. P = ceil((length-1)*b/8); the unused high bits of
//	              the last byte are 0. Every index is < k.
//	H+P     4     CRC-32C (Castagnoli polynomial, as hash/crc32.Castagnoli)
//	              of every byte from offset 0 to the end of the payload
//
// H = 40 + n + 8k is the header size. A 10000x10000 knight tour takes
// 3 bits per cell: 37.5 MB, against about 1 GB of text.
//
// Files are written atomically (CreateAtomic, WriteFileAtomic): to a
// temporary file in the same directory that is renamed into place only on
// Commit, so an error or an interrupt never leaves a partial file under the
// final name. A character device or named pipe is written directly instead
// (no copy staged in TMPDIR; a wait for a pipe's reader, or a blocked
// write, ends with the context of CreateAtomicContext), and a symbolic link
// has its target replaced, so that no device, pipe or link is ever
// replaced by a regular file. Every file boardgraph writes goes through
// this writer.
package pathio
