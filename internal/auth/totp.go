package auth

import (
	"bytes"
	"encoding/base32"
	"encoding/base64"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP per RFC 6238 (SHA-1, 6 digits, 30 s), so any authenticator app and
// `oathtool --totp -b SECRET` agree with it.
const (
	totpIssuer = "Mobility Portal"
	totpPeriod = 30
	totpSkew   = 1 // accept the codes of one step before and after
)

// newTOTPSecret creates a secret for login and its otpauth URL.
func newTOTPSecret(login string) (secret, url string, err error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: login, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return "", "", err
	}
	return key.Secret(), key.URL(), nil
}

// totpURL rebuilds the otpauth URL of a stored secret.
func totpURL(login, secret string) (string, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: login, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1, Secret: mustDecodeSecret(secret)})
	if err != nil {
		return "", err
	}
	return key.URL(), nil
}

// mustDecodeSecret turns a stored base32 secret back into its bytes.
func mustDecodeSecret(secret string) []byte {
	s := strings.ToUpper(strings.TrimSpace(secret))
	if n := len(s) % 8; n != 0 {
		s += strings.Repeat("=", 8-n)
	}
	b, _ := base32.StdEncoding.DecodeString(s)
	return b
}

// qrDataURL renders an otpauth URL as a PNG data URL for the enrolment page.
func qrDataURL(url string) (string, error) {
	key, err := otp.NewKeyFromURL(url)
	if err != nil {
		return "", err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// matchTOTP returns the time step whose code equals code (within the skew),
// or 0. Returning the step lets the caller refuse a replayed code.
func matchTOTP(secret, code string, now time.Time) int64 {
	code = strings.TrimSpace(code)
	if len(code) != 6 {
		return 0
	}
	for d := -totpSkew; d <= totpSkew; d++ {
		t := now.Add(time.Duration(d*totpPeriod) * time.Second)
		want, err := totp.GenerateCodeCustom(secret, t, totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err == nil && want == code {
			return t.Unix() / totpPeriod
		}
	}
	return 0
}

// GenerateTOTP computes the current code of secret (tests and tools).
func GenerateTOTP(secret string, now time.Time) string {
	code, _ := totp.GenerateCodeCustom(secret, now, totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	return code
}
