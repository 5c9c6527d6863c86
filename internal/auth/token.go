package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// newToken returns a random bearer token and the hash under which it is
// stored; the plain token is only ever held by its owner.
func newToken() (plain, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's randomness is gone; nothing sensible to do
	}
	plain = base64.RawURLEncoding.EncodeToString(b)
	return plain, hashToken(plain)
}

func hashToken(plain string) string {
	sum := sha256.Sum256([]byte(plain))
	return hex.EncodeToString(sum[:])
}
