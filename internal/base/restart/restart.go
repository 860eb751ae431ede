// Package restart provides the restart schedules the search engines share.
package restart

// Luby returns the i-th term (counting from 1) of the Luby sequence
// 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..., the universal restart schedule of Luby,
// Sinclair and Zuckerman (1993): within a constant factor of the best fixed
// cut-off for any run-time distribution, and unbounded, so a search
// restarted on it stays complete. Luby(0) is 0.
//
// The cost is O(log i).
func Luby(i uint64) uint64 {
	for i > 0 {
		k := uint(1)
		for i > 1<<k-1 {
			k++
		}
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
	return 0
}
