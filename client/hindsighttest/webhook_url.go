package hindsighttest

import (
	"net/netip"
	"net/url"
	"strings"
)

// blockedNetworks are the ranges the real server's SSRF guard refuses (Python's
// ipaddress is_private, is_loopback, is_link_local, is_reserved, is_multicast,
// is_unspecified, plus carrier-grade NAT), so webhooks cannot point inside the
// network the server runs in.
var blockedNetworks = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/29", "192.0.0.170/31", "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
		"::/128", "::1/128", "100::/64", "2001::/23", "2001:db8::/32", "fc00::/7", "fe80::/10", "ff00::/8",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// ipBlocked reports whether an IP literal is a destination the guard refuses; an
// IPv4-mapped IPv6 address is judged on its IPv4 part.
func ipBlocked(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range blockedNetworks {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// webhookHost parses a webhook URL like httpx does for the guard: the scheme in lower
// case and the host without brackets.
func webhookHost(raw string) (scheme, host string, err error) {
	u, perr := url.Parse(raw)
	if perr != nil {
		return "", "", detailf("Invalid webhook URL: %s", strings.TrimPrefix(perr.Error(), "parse "))
	}
	return strings.ToLower(u.Scheme), strings.ToLower(u.Hostname()), nil
}

// validateWebhookURL is the registration-time check (no DNS): http(s) only, a host,
// and no IP literal in a blocked range. Host names pass here; the real server
// resolves and checks them when it delivers.
func validateWebhookURL(raw string) error {
	scheme, host, err := webhookHost(raw)
	if err != nil {
		return err
	}
	if scheme != "http" && scheme != "https" {
		if scheme == "" {
			scheme = "empty"
		}
		return detailf("Webhook URL scheme must be http or https, got '%s'", scheme)
	}
	if host == "" {
		return detailf("Webhook URL must include a host")
	}
	if addr, err := netip.ParseAddr(host); err == nil && ipBlocked(addr) {
		return detailf("Webhook URL host '%s' targets a private/loopback/link-local address, "+
			"which is not an allowed destination", host)
	}
	return nil
}

// resolvesToLoopback stands in for DNS at delivery time: "localhost" names resolve
// to the loopback address, which the guard then refuses.
func resolvesToLoopback(host string) bool {
	return host == "localhost" || strings.HasSuffix(host, ".localhost")
}
