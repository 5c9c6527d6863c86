package config_test

import (
	"strings"
	"testing"

	"mobility/portal/internal/config"
)

// The sign-in limits default to 20 attempts per account and 200 per
// address in 5 minutes, are set from the environment (the browser tests'
// server signs one admin in more often than a person would), and refuse
// a limit that would lock everyone out or none.
func TestLoginLimits(t *testing.T) {
	if c := config.Defaults(); c.LoginLimitPerAccount != 20 || c.LoginLimitPerAddress != 200 {
		t.Fatalf("defaults: %d per account, %d per address", c.LoginLimitPerAccount, c.LoginLimitPerAddress)
	}
	env := func(v map[string]string) func(string) string { return func(k string) string { return v[k] } }
	c, err := config.Load("portal", nil, env(map[string]string{"PORTAL_LOGIN_LIMIT_PER_ACCOUNT": "1000"}), nil)
	if err != nil || c.LoginLimitPerAccount != 1000 || c.LoginLimitPerAddress != 200 {
		t.Fatalf("from the environment: %+v, %v", c, err)
	}
	for _, bad := range []string{"0", "-1", "10001"} {
		if _, err := config.Load("portal", nil, env(map[string]string{"PORTAL_LOGIN_LIMIT_PER_ACCOUNT": bad}), nil); err == nil ||
			!strings.Contains(err.Error(), "PORTAL_LOGIN_LIMIT_PER_ACCOUNT") {
			t.Errorf("limit %s: %v", bad, err)
		}
	}
}
