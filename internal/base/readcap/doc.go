// Package readcap reads whole inputs under a size limit, so that an endless
// or oversized input (/dev/zero, a wrong file) fails fast with one line
// naming the limit instead of exhausting memory.
package readcap
