//go:build linux || darwin || freebsd || netbsd || openbsd

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalsStopCleanly runs the real binary writing a 10000x10000 knight
// path (about 3 s), sends SIGTERM, SIGHUP or SIGINT once the temporary file
// exists, and checks that each acts like Ctrl-C: exit 3, a line saying what
// stopped it and how far it got, and no file left behind, neither under the
// name nor as a temporary file (timeout, Kubernetes and Slurm stop jobs
// with SIGTERM).
func TestSignalsStopCleanly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; run without -short")
	}
	t.Parallel()
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(bin, "solve", "--moves", "knight", "10000x10000", "--out", "k.bgp")
			cmd.Dir = dir
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			deadline := time.After(time.Minute)
		wait:
			for {
				if m, _ := filepath.Glob(filepath.Join(dir, ".k.bgp.tmp-*")); len(m) > 0 {
					break wait
				}
				select {
				case err := <-exited:
					t.Fatalf("the solve ended before the signal (%v): %s", err, stderr.String())
				case <-deadline:
					cmd.Process.Kill()
					t.Fatal("no temporary file in a minute")
				case <-time.After(2 * time.Millisecond):
				}
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := <-exited
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitStopped {
				t.Fatalf("exit %v, want %d; stderr: %s", err, exitStopped, stderr.String())
			}
			msg := stderr.String()
			if !strings.Contains(msg, "interrupted ("+sig.String()+" signal received)") || !strings.Contains(msg, "cells written") || strings.Count(msg, "\n") != 1 {
				t.Fatalf("stderr %q: want one line saying it was interrupted and how far it got", msg)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Fatalf("left behind: %v", ents)
			}
		})
	}
}
