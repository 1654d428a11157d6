// Command terraform-provider-relevel is the relevel Terraform/OpenTofu
// provider plugin. Terraform and OpenTofu start it; run it with -debug to
// attach a debugger (it prints the TF_REATTACH_PROVIDERS value to export).
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/relevel/relevel/terraform-provider/provider"
)

// version is set at release time: -ldflags "-X main.version=1.2.3".
var version = "dev"

func main() {
	debug := flag.Bool("debug", false, "run the provider for a debugger (prints TF_REATTACH_PROVIDERS)")
	flag.Parse()
	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address:         provider.Address,
		Debug:           *debug,
		ProtocolVersion: 6,
	})
	if err != nil {
		log.Fatal(err)
	}
}
