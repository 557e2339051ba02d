/**
 * A 12-page document for the Google Docs double: 30 claims, two or three a page, between sentences the double's
 * detector takes for no claim (see service-double/content.ts: no number, no name, no verb of fact).
 */
export const DOC_CLAIMS = [
  'The Moon is about 384,400 kilometres from Earth on average.',
  'The Moon formed roughly 4.5 billion years ago.',
  'The diameter of the Moon is 3,474 kilometres.',
  'Apollo 11 landed on the Moon on 20 July 1969.',
  'Twelve astronauts walked on the Moon between 1969 and 1972.',
  'The far side of the Moon never receives sunlight.',
  'The Moon moves about 3.8 centimetres farther from Earth every year.',
  'The gravity of the Moon is about one sixth of the gravity of Earth.',
  'A day on the Moon lasts about 29.5 Earth days.',
  'The Moon has no global magnetic field today.',
  'Luna 2 was the first probe to reach the Moon, in 1959.',
  'Luna 9 made the first soft landing on the Moon in February 1966.',
  'The Apollo missions brought back 382 kilograms of lunar rock.',
  'The highest point on the Moon rises 10,786 metres above its mean level.',
  'The Moon is the fifth largest moon in the Solar System.',
  'Surveyor 1 landed on the Moon in June 1966.',
  'Chang’e 4 landed on the far side of the Moon in January 2019.',
  'The Moon has a thin exosphere of helium, neon and argon.',
  'Lunar regolith is several metres deep on the maria.',
  'The Moon reflects about 12 percent of the sunlight that falls on it.',
  'Eugene Cernan was the last person to walk on the Moon, in 1972.',
  'The Sea of Tranquillity was the landing site of Apollo 11.',
  'Moonquakes can last for more than 10 minutes.',
  'The Moon is slowly slowing the rotation of Earth.',
  'Ice was found in craters near the south pole of the Moon in 2018.',
  'The Moon orbits Earth once every 27.3 days.',
  'The Lunar Reconnaissance Orbiter has mapped the Moon since 2009.',
  'Artemis I flew around the Moon in November 2022.',
  'The Moon has about 1.2 percent of the mass of Earth.',
  'Tides on Earth are caused mostly by the Moon.',
];

const FILLER = [
  'we read these notes slowly and with care, one line after another',
  'so we kept on with our reading until the end of the section',
  'and then we turned to the next part of our long list of notes',
  'it may help to go over this once more before going on with the rest',
];

/** The document's paragraphs: each holds claims between sentences that are none, about a page for every three. */
export function moonDocument(): string[] {
  const paragraphs: string[] = [];
  DOC_CLAIMS.forEach((claim, index) => {
    const filler = (count: number) =>
      Array.from({ length: count }, (_, at) => {
        const words = FILLER[(index + at) % FILLER.length]!;
        return `${words[0]!.toUpperCase()}${words.slice(1)}.`;
      }).join(' ');
    paragraphs.push(`${filler(6)} ${claim} ${filler(5)}`);
    paragraphs.push(filler(8));
  });
  return paragraphs;
}
