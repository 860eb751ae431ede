package runs

// mixInv1 and mixInv2 are the inverses mod 2^64 of Hash's multipliers.
var mixInv1, mixInv2 = inverse64(0xbf58476d1ce4e5b9), inverse64(0x94d049bb133111eb)

// Hash mixes a state key (splitmix64's finalizer): the DP's tables probe
// and partition by it, and a run keeps it in place of lo (see Unhash).
func Hash(lo, hi uint64) uint64 {
	h := lo ^ hi*0x9e3779b97f4a7c15
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// inverse64 returns the inverse of the odd number c modulo 2^64 (Newton's
// iteration doubles the correct low bits: 3, 6, 12, 24, 48, 96).
func inverse64(c uint64) uint64 {
	x := c
	for range 5 {
		x *= 2 - c*x
	}
	return x
}

// unshift inverts y = x ^ x>>s.
func unshift(y uint64, s uint) uint64 {
	x := y
	for i := s; i < 64; i += s {
		x = y ^ x>>s
	}
	return x
}

// Unhash returns lo such that Hash(lo, hi) == m.
func Unhash(m, hi uint64) uint64 {
	h := unshift(m, 31)
	h *= mixInv2
	h = unshift(h, 27)
	h *= mixInv1
	h = unshift(h, 30)
	return h ^ hi*0x9e3779b97f4a7c15
}
