package ddapi

import (
	"context"
	"time"
)

// SetSleep replaces the wait between retries.
func SetSleep(c *Client, f func(context.Context, time.Duration) error) { c.sleep = f }
