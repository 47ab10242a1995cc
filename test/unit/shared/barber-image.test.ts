import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { barberImage, type BarberPictures } from '../../../src/shared/barber-image.ts';
import { barberImage as clientBarberImage } from '../../../src/client/lib/barber.ts';

const p = (over: Partial<BarberPictures>): BarberPictures => ({ avatar: 'a.png', avatarActive: false, image: 'i.jpg', ...over });

test('the avatar when switched on and there; else the photo when the avatar is off; else none', () => {
  const cases: Array<[string, BarberPictures, string | null]> = [
    ['avatar on', p({ avatarActive: true }), 'a.png'],
    ['avatar on but missing: no photo in its place', p({ avatarActive: true, avatar: null }), null],
    ['avatar on but empty', p({ avatarActive: true, avatar: '' }), null],
    ['avatar on, has_avatar false', p({ avatarActive: true, hasAvatar: false }), null],
    ['avatar off: the photo', p({}), 'i.jpg'],
    ['avatar off, photo missing', p({ image: null }), null],
    ['avatar off, photo empty', p({ image: '' }), null],
    ['avatar off, has_image false', p({ hasImage: false }), null],
    ['nothing', p({ avatar: null, image: null }), null],
  ];
  for (const [name, given, want] of cases) assert.is(barberImage(given), want, name);
});

test("the server's rows (no has_* flags) and the client's wire fields give the same picture", () => {
  for (const avatarActive of [true, false])
    for (const avatar of ['a.png', '', null])
      for (const image of ['i.jpg', '', null]) {
        const wire = { avatar, avatar_active: avatarActive, has_avatar: Boolean(avatar), image, has_image: Boolean(image) };
        assert.is(clientBarberImage(wire), barberImage({ avatar, avatarActive, image }), JSON.stringify(wire));
      }
});

test.run();
