// Package jsoncheck holds the checks that tests make on relevel's JSON
// output: each record is one line holding one JSON object, and no object in
// it names a member twice (readers disagree on which of two wins).
package jsoncheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Record checks that line (with or without its final '\n') is exactly one
// line holding one JSON object, with no duplicate member names at any depth.
func Record(line []byte) error {
	body, ok := bytes.CutSuffix(line, []byte("\n"))
	if !ok && len(line) > 0 && line[len(line)-1] == '\r' {
		return fmt.Errorf("record ends in CR: %q", line)
	}
	if i := bytes.IndexAny(body, "\n\r"); i >= 0 {
		return fmt.Errorf("record spans lines (line break at byte %d): %q", i, line)
	}
	if len(body) == 0 || body[0] != '{' {
		return fmt.Errorf("record is not a JSON object: %q", line)
	}
	return UniqueKeys(body)
}

// Lines checks every line of out (NDJSON) with Record and returns the
// number of records.
func Lines(out []byte) (int, error) {
	n := 0
	for len(out) > 0 {
		i := bytes.IndexByte(out, '\n')
		if i < 0 {
			return n, fmt.Errorf("last record has no final newline: %q", out)
		}
		if err := Record(out[:i+1]); err != nil {
			return n, fmt.Errorf("record %d: %w", n+1, err)
		}
		out = out[i+1:]
		n++
	}
	return n, nil
}

// UniqueKeys checks that b is one valid JSON value in which no object
// names a member twice.
func UniqueKeys(b []byte) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := value(d); err != nil {
		return fmt.Errorf("%w in %q", err, b)
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("data after the value in %q", b)
	}
	return nil
}

// value reads one value from d, checking the names of each object in it.
func value(d *json.Decoder) error {
	t, err := d.Token()
	if err != nil {
		return err
	}
	switch t {
	case json.Delim('{'):
		seen := map[string]bool{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return err
			}
			name := k.(string)
			if seen[name] {
				return fmt.Errorf("duplicate key %q", name)
			}
			seen[name] = true
			if err := value(d); err != nil {
				return err
			}
		}
		_, err = d.Token() // '}'
		return err
	case json.Delim('['):
		for d.More() {
			if err := value(d); err != nil {
				return err
			}
		}
		_, err = d.Token() // ']'
		return err
	}
	return nil
}
