//go:build amd64 && !purego

#include "textflag.h"

// func addModAVX2(dst, src, pat []uint64, zero bool) int
//
// Adds src to dst element by element modulo the primes of pat, which
// repeat every len(pat) elements (len(pat) a multiple of 4, each prime
// below 2^63), in whole rounds of len(pat) elements; returns the
// elements done. A sum s of two residues is below 2^64; s-q has its top
// bit set exactly when s < q, and that bit picks s or s-q. With zero set
// it also zeroes the elements of src it reads (a loop of its own, so
// that neither loop tests the flag).
TEXT ·addModAVX2(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ pat_base+48(FP), R8
	MOVQ pat_len+56(FP), R10
	// Whole rounds only: n = len(src) - len(src) mod len(pat).
	MOVQ CX, AX
	XORQ DX, DX
	DIVQ R10
	SUBQ DX, CX
	MOVQ CX, R11 // the elements done
	SHLQ $3, R10
	ADDQ R8, R10 // the end of pat
	MOVQ R8, R9  // the primes of the next 4 elements
	TESTQ CX, CX
	JZ done
	MOVBLZX zero+72(FP), AX
	TESTL AX, AX
	JNZ zstart

loop:
	VMOVDQU (DI), Y0
	VPADDQ (SI), Y0, Y0
	VMOVDQU (R9), Y2
	VPSUBQ Y2, Y0, Y1
	VBLENDVPD Y1, Y0, Y1, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R9
	CMPQ R9, R10
	JNE next
	MOVQ R8, R9

next:
	SUBQ $4, CX
	JNZ loop
	JMP done

zstart:
	VPXOR Y3, Y3, Y3

zloop:
	VMOVDQU (DI), Y0
	VPADDQ (SI), Y0, Y0
	VMOVDQU Y3, (SI)
	VMOVDQU (R9), Y2
	VPSUBQ Y2, Y0, Y1
	VBLENDVPD Y1, Y0, Y1, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R9
	CMPQ R9, R10
	JNE znext
	MOVQ R8, R9

znext:
	SUBQ $4, CX
	JNZ zloop

done:
	VZEROUPPER
	MOVQ R11, ret+80(FP)
	RET
