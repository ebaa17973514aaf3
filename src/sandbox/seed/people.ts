// Names and postal addresses for demo people, per country of the demo spaces.
import type { Rng } from './random';

const GIVEN = [
  'Anna',
  'Luca',
  'Mia',
  'Noah',
  'Lea',
  'Elias',
  'Sofia',
  'Jonas',
  'Emma',
  'Leon',
  'Laura',
  'David',
  'Olivia',
  'Samuel',
  'Chloé',
  'Marco',
  'Julia',
  'Ben',
  'Nina',
  'Tim',
];
const FAMILY = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Fischer',
  'Brunner',
  'Baumann',
  'Smith',
  'Johnson',
  'Rossi',
  'Dubois',
  'Wagner',
  'Becker',
  'Garcia',
  'Miller',
  'Frei',
  'Graf',
];

const PLACES: Record<string, { city: string; postcode: string; state?: string; streets: string[] }[]> = {
  CH: [
    { city: 'Zürich', postcode: '8004', streets: ['Langstrasse', 'Badenerstrasse', 'Seefeldstrasse'] },
    { city: 'Bern', postcode: '3011', streets: ['Kramgasse', 'Marktgasse'] },
    { city: 'Basel', postcode: '4051', streets: ['Freie Strasse', 'Steinenvorstadt'] },
    { city: 'Lausanne', postcode: '1003', streets: ['Rue de Bourg', 'Avenue de la Gare'] },
  ],
  DE: [
    { city: 'Berlin', postcode: '10115', streets: ['Chausseestraße', 'Torstraße'] },
    { city: 'München', postcode: '80331', streets: ['Sendlinger Straße', 'Kaufingerstraße'] },
    { city: 'Hamburg', postcode: '20095', streets: ['Mönckebergstraße', 'Spitalerstraße'] },
  ],
  US: [
    { city: 'New York', postcode: '10001', state: 'US-NY', streets: ['W 34th St', '7th Ave'] },
    { city: 'San Francisco', postcode: '94105', state: 'US-CA', streets: ['Market St', 'Mission St'] },
    { city: 'Austin', postcode: '78701', state: 'US-TX', streets: ['Congress Ave', 'E 6th St'] },
  ],
};

export interface Person {
  givenName: string;
  familyName: string;
  emailAddress: string;
}

export function randomPerson(rng: Rng, serial: number): Person {
  const givenName = rng.pick(GIVEN);
  const familyName = rng.pick(FAMILY);
  const local = `${givenName}.${familyName}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return { givenName, familyName, emailAddress: `${local}.${serial}@example.com` };
}

/** A postal address (the shape shared by Address and CustomerPostalAddress). */
export function randomAddress(rng: Rng, person: Person, country: string) {
  const place = rng.pick(PLACES[country] ?? PLACES.CH);
  const street =
    country === 'US'
      ? `${rng.int(1, 999)} ${rng.pick(place.streets)}`
      : `${rng.pick(place.streets)} ${rng.int(1, 120)}`;
  return {
    givenName: person.givenName,
    familyName: person.familyName,
    emailAddress: person.emailAddress,
    street,
    postcode: place.postcode,
    city: place.city,
    country,
    ...(place.state ? { postalState: place.state } : {}),
  };
}
