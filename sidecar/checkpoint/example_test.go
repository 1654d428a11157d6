package checkpoint_test

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

func Example() {
	dir, err := os.MkdirTemp("", "checkpoints")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	logFile := filepath.Join(dir, "0.log")
	if err := os.WriteFile(logFile, []byte("first line\nsecond line\n"), 0o644); err != nil {
		log.Fatal(err)
	}

	store, err := checkpoint.Open(dir)
	if errors.Is(err, checkpoint.ErrCorrupt) {
		log.Print(err) // the bad file was kept aside; carry on empty
	} else if err != nil {
		log.Fatal(err)
	}

	// The sink accepted the first line (11 bytes): record it, then persist.
	f, err := os.Open(logFile)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	id, err := checkpoint.FileIdentity(f, 11)
	if err != nil {
		log.Fatal(err)
	}
	store.Set(logFile, id, 11)
	if err := store.Save(); err != nil {
		log.Fatal(err)
	}

	// After a restart the tailer resumes after the first line.
	reopened, err := checkpoint.Open(dir)
	if err != nil {
		log.Fatal(err)
	}
	off, ok := reopened.Offset(id)
	fmt.Println(off, ok)
	// Output:
	// 11 true
}
