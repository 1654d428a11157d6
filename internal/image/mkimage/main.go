// Command mkimage writes relevel's container image (package
// internal/image) as a `docker load`-able tarball and as an OCI image
// layout directory, from a binary built for linux. `make image` runs it:
//
//	mkimage -binary bin/image/relevel -ref ghcr.io/relevel/relevel:dev \
//	  -tar bin/relevel-image.tar -oci bin/relevel-oci
//
// The image's dates come from -created (Unix seconds; default
// $SOURCE_DATE_EPOCH, else 0), so the same binary gives the same digest.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/tarball"

	"github.com/relevel/relevel/internal/image"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mkimage:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("mkimage", flag.ContinueOnError)
	bin := fs.String("binary", "", "relevel built for linux with CGO_ENABLED=0 (required)")
	arch := fs.String("arch", runtime.GOARCH, "the binary's GOARCH")
	ref := fs.String("ref", "ghcr.io/relevel/relevel:dev", "the image's name and tag, as `docker load` will list it")
	tarPath := fs.String("tar", "", "write a `docker load`-able tarball here")
	ociDir := fs.String("oci", "", "write an OCI image layout here (replaced if it exists)")
	created := fs.String("created", os.Getenv("SOURCE_DATE_EPOCH"), "the image's date, Unix seconds (default $SOURCE_DATE_EPOCH, else 0)")
	version := fs.String("version", "", "org.opencontainers.image.version")
	revision := fs.String("revision", "", "org.opencontainers.image.revision (the commit)")
	source := fs.String("source", "https://github.com/relevel/relevel", "org.opencontainers.image.source")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bin == "" || (*tarPath == "" && *ociDir == "") {
		fs.Usage()
		return fmt.Errorf("-binary and at least one of -tar and -oci are required")
	}
	secs := int64(0)
	if *created != "" {
		var err error
		if secs, err = strconv.ParseInt(*created, 10, 64); err != nil {
			return fmt.Errorf("-created %q: want Unix seconds", *created)
		}
	}
	tag, err := name.NewTag(*ref)
	if err != nil {
		return fmt.Errorf("-ref: %w", err)
	}
	img, err := image.Build(image.Config{Binary: *bin, Arch: *arch, Created: time.Unix(secs, 0).UTC(),
		Version: *version, Revision: *revision, Source: *source})
	if err != nil {
		return err
	}
	if *tarPath != "" {
		if err := tarball.WriteToFile(*tarPath, tag, img); err != nil {
			return err
		}
	}
	if *ociDir != "" {
		if err := os.RemoveAll(*ociDir); err != nil {
			return err
		}
		p, err := layout.Write(*ociDir, empty.Index)
		if err != nil {
			return err
		}
		if err := p.AppendImage(img, layout.WithAnnotations(map[string]string{"org.opencontainers.image.ref.name": tag.TagStr()})); err != nil {
			return err
		}
	}
	d, err := img.Digest()
	if err != nil {
		return err
	}
	fmt.Printf("%s %s\n", tag, d)
	return nil
}
