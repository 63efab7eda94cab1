/** XML namespaces of the EPP standards the client and the simulator speak (RFC 5730-5733, 3915, 5910). */
export const NS = {
  epp: 'urn:ietf:params:xml:ns:epp-1.0',
  domain: 'urn:ietf:params:xml:ns:domain-1.0',
  host: 'urn:ietf:params:xml:ns:host-1.0',
  contact: 'urn:ietf:params:xml:ns:contact-1.0',
  rgp: 'urn:ietf:params:xml:ns:rgp-1.0',
  secDNS: 'urn:ietf:params:xml:ns:secDNS-1.1',
} as const;

export const OBJ_URIS = [NS.domain, NS.host, NS.contact] as const;
export const EXT_URIS = [NS.rgp, NS.secDNS] as const;
