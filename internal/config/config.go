// Package config reads the portal's typed options from PORTAL_* environment
// variables and command-line flags (a flag wins over its variable), with
// defaults, and validates them once at start.
package config

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Config is every option of `portal serve` and friends.
type Config struct {
	Listen      string
	DatabaseURL string
	PublicURL   string
	Demo        bool
	LogLevel    string
	LogFormat   string

	SMTP   SMTP
	Legacy LegacyBanner
	// Seller is the platform operator as its invoices name it.
	Seller Seller

	AppStoreURL  string
	PlayStoreURL string
	HelpEmail    string

	AccessTokenTTL  time.Duration
	RefreshTokenTTL time.Duration
	MaxBodyBytes    int64

	// Sign-in attempts allowed per account and per client address in a
	// 5-minute window; beyond them login answers 429.
	LoginLimitPerAccount int
	LoginLimitPerAddress int

	// Argon2 cost, chosen so one sign-in stays under 100 ms on a small machine.
	Argon2MemoryKiB uint32
	Argon2Time      uint32
	Argon2Threads   uint8
}

// SMTP is the outgoing mail server; an empty Host keeps mails in the outbox.
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	StartTLS bool
}

// Seller is the platform operator as invoices name it: the seller of the
// companies' invoices and the buyer of the providers' self-billing
// invoices. The defaults are a plausible Belgian operator, so a demo's
// documents are complete; a real deployment sets its own.
type Seller struct {
	Name          string
	Street        string
	StreetNumber  string
	ZipCode       string
	City          string
	Country       string
	VatNumber     string
	CompanyNumber string // Belgian enterprise number, 10 digits (mod 97)
	Email         string
	IBAN          string
	BIC           string
}

// LegacyBanner is the "this portal is outdated" banner of SPEC §1.
type LegacyBanner struct {
	Enabled         bool
	URL             string
	Text            string
	TextColor       string
	BackgroundColor string
}

// option binds one flag to its environment variable.
type option struct {
	flag, env, usage string
	set              func(string) error
	def              string
}

func (c *Config) options() []option {
	str := func(p *string) func(string) error { return func(s string) error { *p = s; return nil } }
	boolean := func(p *bool) func(string) error {
		return func(s string) error {
			v, err := strconv.ParseBool(s)
			*p = v
			return err
		}
	}
	integer := func(p *int) func(string) error {
		return func(s string) error {
			v, err := strconv.Atoi(s)
			*p = v
			return err
		}
	}
	dur := func(p *time.Duration) func(string) error {
		return func(s string) error {
			v, err := time.ParseDuration(s)
			*p = v
			return err
		}
	}
	u32 := func(p *uint32) func(string) error {
		return func(s string) error {
			v, err := strconv.ParseUint(s, 10, 32)
			*p = uint32(v)
			return err
		}
	}
	u8 := func(p *uint8) func(string) error {
		return func(s string) error {
			v, err := strconv.ParseUint(s, 10, 8)
			*p = uint8(v)
			return err
		}
	}
	i64 := func(p *int64) func(string) error {
		return func(s string) error {
			v, err := strconv.ParseInt(s, 10, 64)
			*p = v
			return err
		}
	}
	return []option{
		{"listen", "PORTAL_LISTEN", "address to listen on", str(&c.Listen), ":8080"},
		{"database-url", "PORTAL_DATABASE_URL", "SQLite file path, or a postgres:// URL", str(&c.DatabaseURL), "./data/portal.db"},
		{"public-url", "PORTAL_PUBLIC_URL", "the portal's public base URL, used in mails", str(&c.PublicURL), "http://localhost:8080"},
		{"demo", "PORTAL_DEMO", "seed demo data into an empty database at start", boolean(&c.Demo), "false"},
		{"log-level", "PORTAL_LOG_LEVEL", "debug, info, warn or error", str(&c.LogLevel), "info"},
		{"log-format", "PORTAL_LOG_FORMAT", "text or json", str(&c.LogFormat), "text"},
		{"smtp-host", "PORTAL_SMTP_HOST", "SMTP server; empty keeps mails in the outbox and logs them", str(&c.SMTP.Host), ""},
		{"smtp-port", "PORTAL_SMTP_PORT", "SMTP port", integer(&c.SMTP.Port), "587"},
		{"smtp-username", "PORTAL_SMTP_USERNAME", "SMTP user name", str(&c.SMTP.Username), ""},
		{"smtp-password", "PORTAL_SMTP_PASSWORD", "SMTP password", str(&c.SMTP.Password), ""},
		{"smtp-from", "PORTAL_SMTP_FROM", "sender address of mails", str(&c.SMTP.From), "portal@localhost"},
		{"smtp-starttls", "PORTAL_SMTP_STARTTLS", "require STARTTLS", boolean(&c.SMTP.StartTLS), "true"},
		{"legacy-banner", "PORTAL_LEGACY_BANNER", "show the legacy-portal migration banner", boolean(&c.Legacy.Enabled), "false"},
		{"legacy-banner-url", "PORTAL_LEGACY_BANNER_URL", "link of the legacy banner (the newer portal)", str(&c.Legacy.URL), ""},
		{"legacy-banner-text", "PORTAL_LEGACY_BANNER_TEXT", "text of the legacy banner; empty uses the translated default", str(&c.Legacy.Text), ""},
		{"legacy-banner-text-color", "PORTAL_LEGACY_BANNER_TEXT_COLOR", "text colour of the legacy banner", str(&c.Legacy.TextColor), "#FFFFFF"},
		{"legacy-banner-background-color", "PORTAL_LEGACY_BANNER_BACKGROUND_COLOR", "background colour of the legacy banner", str(&c.Legacy.BackgroundColor), "#FF0000"},
		{"seller-name", "PORTAL_SELLER_NAME", "the platform operator's name on invoices", str(&c.Seller.Name), "Mobility Platform NV"},
		{"seller-street", "PORTAL_SELLER_STREET", "the operator's street", str(&c.Seller.Street), "Wetstraat"},
		{"seller-street-number", "PORTAL_SELLER_STREET_NUMBER", "the operator's street number", str(&c.Seller.StreetNumber), "200"},
		{"seller-zip-code", "PORTAL_SELLER_ZIP_CODE", "the operator's postal code", str(&c.Seller.ZipCode), "1040"},
		{"seller-city", "PORTAL_SELLER_CITY", "the operator's city", str(&c.Seller.City), "Brussel"},
		{"seller-country", "PORTAL_SELLER_COUNTRY", "the operator's country (ISO 3166-1 alpha-2)", str(&c.Seller.Country), "BE"},
		{"seller-vat-number", "PORTAL_SELLER_VAT_NUMBER", "the operator's VAT number", str(&c.Seller.VatNumber), "BE0456789034"},
		{"seller-company-number", "PORTAL_SELLER_COMPANY_NUMBER", "the operator's enterprise number (10 digits)", str(&c.Seller.CompanyNumber), "0456789034"},
		{"seller-email", "PORTAL_SELLER_EMAIL", "the operator's invoicing address", str(&c.Seller.Email), "invoicing@mobility.example"},
		{"seller-iban", "PORTAL_SELLER_IBAN", "the account invoices are paid to", str(&c.Seller.IBAN), "BE71096123456769"},
		{"seller-bic", "PORTAL_SELLER_BIC", "the BIC of that account", str(&c.Seller.BIC), "GKCCBEBB"},
		{"app-store-url", "PORTAL_APP_STORE_URL", "App Store link on the mobile page", str(&c.AppStoreURL), "https://apps.apple.com/"},
		{"play-store-url", "PORTAL_PLAY_STORE_URL", "Google Play link on the mobile page", str(&c.PlayStoreURL), "https://play.google.com/store"},
		{"help-email", "PORTAL_HELP_EMAIL", "support address shown on the help page", str(&c.HelpEmail), "support@example.com"},
		{"access-token-ttl", "PORTAL_ACCESS_TOKEN_TTL", "lifetime of an access token", dur(&c.AccessTokenTTL), "15m"},
		{"refresh-token-ttl", "PORTAL_REFRESH_TOKEN_TTL", "lifetime of a refresh token", dur(&c.RefreshTokenTTL), "168h"},
		{"max-body-bytes", "PORTAL_MAX_BODY_BYTES", "largest JSON request body", i64(&c.MaxBodyBytes), "1048576"},
		{"login-limit-per-account", "PORTAL_LOGIN_LIMIT_PER_ACCOUNT", "sign-in attempts per account in 5 minutes", integer(&c.LoginLimitPerAccount), "20"},
		{"login-limit-per-address", "PORTAL_LOGIN_LIMIT_PER_ADDRESS", "sign-in attempts per client address in 5 minutes", integer(&c.LoginLimitPerAddress), "200"},
		{"argon2-memory-kib", "PORTAL_ARGON2_MEMORY_KIB", "argon2id memory cost in KiB", u32(&c.Argon2MemoryKiB), "19456"},
		{"argon2-time", "PORTAL_ARGON2_TIME", "argon2id passes", u32(&c.Argon2Time), "2"},
		{"argon2-threads", "PORTAL_ARGON2_THREADS", "argon2id lanes", u8(&c.Argon2Threads), "1"},
	}
}

// Defaults returns the configuration with every default and no environment.
func Defaults() *Config {
	c := &Config{}
	for _, o := range c.options() {
		_ = o.set(o.def)
	}
	return c
}

// Load reads defaults, then the environment, then args (flags), and
// validates. extra, when given, adds a subcommand's own flags to the set.
func Load(name string, args []string, getenv func(string) string, extra func(*flag.FlagSet)) (*Config, error) {
	c := &Config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	if extra != nil {
		extra(fs)
	}
	var errs []error
	for _, o := range c.options() {
		if err := o.set(o.def); err != nil {
			panic("bad default for " + o.flag)
		}
		if v := getenv(o.env); v != "" {
			if err := o.set(v); err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: %v", o.env, v, err))
			}
		}
		help := fmt.Sprintf("%s (env %s, default %q)", o.usage, o.env, o.def)
		if o.def == "true" || o.def == "false" {
			fs.BoolFunc(o.flag, help, o.set) // --demo alone means true
		} else {
			fs.Func(o.flag, help, o.set)
		}
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	return c, c.Validate()
}

// FromEnv loads with the process environment and no flags.
func FromEnv() (*Config, error) { return Load("portal", nil, os.Getenv, nil) }

var hexColor = regexp.MustCompile(`^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$`)

// Validate checks the options together and says clearly what is wrong.
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if c.Listen == "" {
		bad("PORTAL_LISTEN must not be empty")
	}
	if c.DatabaseURL == "" {
		bad("PORTAL_DATABASE_URL must not be empty")
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("PORTAL_PUBLIC_URL must be an http(s) URL, got %q", c.PublicURL)
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		bad("PORTAL_LOG_LEVEL must be debug, info, warn or error, got %q", c.LogLevel)
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		bad("PORTAL_LOG_FORMAT must be text or json, got %q", c.LogFormat)
	}
	if c.SMTP.Host != "" && (c.SMTP.Port <= 0 || c.SMTP.Port > 65535) {
		bad("PORTAL_SMTP_PORT must be 1..65535, got %d", c.SMTP.Port)
	}
	if c.Legacy.Enabled && c.Legacy.URL == "" {
		bad("PORTAL_LEGACY_BANNER_URL is required when the legacy banner is on")
	}
	for env, v := range map[string]string{
		"PORTAL_LEGACY_BANNER_TEXT_COLOR":       c.Legacy.TextColor,
		"PORTAL_LEGACY_BANNER_BACKGROUND_COLOR": c.Legacy.BackgroundColor,
	} {
		if !hexColor.MatchString(v) {
			bad("%s must be # followed by 6 or 8 hex digits, got %q", env, v)
		}
	}
	c.Legacy.TextColor = strings.ToUpper(c.Legacy.TextColor)
	c.Legacy.BackgroundColor = strings.ToUpper(c.Legacy.BackgroundColor)
	if c.AccessTokenTTL < time.Minute {
		bad("PORTAL_ACCESS_TOKEN_TTL must be at least 1m")
	}
	if c.RefreshTokenTTL < c.AccessTokenTTL {
		bad("PORTAL_REFRESH_TOKEN_TTL must be at least the access token TTL")
	}
	if c.MaxBodyBytes < 1024 {
		bad("PORTAL_MAX_BODY_BYTES must be at least 1024")
	}
	if !validEnterpriseNumber(c.Seller.CompanyNumber) {
		bad("PORTAL_SELLER_COMPANY_NUMBER must be a Belgian enterprise number (10 digits, mod 97), got %q", c.Seller.CompanyNumber)
	}
	if c.Seller.Name == "" || c.Seller.IBAN == "" || len(c.Seller.Country) != 2 {
		bad("PORTAL_SELLER_NAME and PORTAL_SELLER_IBAN must be set and PORTAL_SELLER_COUNTRY be two letters")
	}
	if c.LoginLimitPerAccount < 1 || c.LoginLimitPerAccount > 10000 || c.LoginLimitPerAddress < 1 || c.LoginLimitPerAddress > 100000 {
		bad("PORTAL_LOGIN_LIMIT_PER_ACCOUNT must be 1 to 10000 and PORTAL_LOGIN_LIMIT_PER_ADDRESS 1 to 100000")
	}
	if c.Argon2MemoryKiB < 8*1024 || c.Argon2Time < 1 || c.Argon2Threads < 1 {
		bad("argon2 cost too low: memory at least 8192 KiB, time and threads at least 1")
	}
	return errors.Join(errs...)
}

// validEnterpriseNumber checks a Belgian enterprise number: 10 digits, the
// last two 97 minus the first eight modulo 97.
func validEnterpriseNumber(s string) bool {
	if len(s) != 10 {
		return false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return false
	}
	return 97-(n/100)%97 == n%100
}
