//go:build !unix

package progress

// PeakRSS returns 0: the peak resident memory is not known here.
func PeakRSS() int64 { return 0 }
