/** The bottom sheets close when dragged down a third of 60 % of the window height, by touch or mouse. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, settle, win } from '../dom.ts';
import { ConfirmDialog } from '../../../src/client/components/Dialog.tsx';
import { LoginDialog } from '../../../src/client/components/LoginDialog/index.tsx';
import { closeDistance } from '../../../src/client/lib/drawer.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

/** Presses on `el`, moves down `dy` pixels and lets go, as a finger or a mouse would. */
async function drag(el: Element, dy: number, pointerType: 'touch' | 'mouse') {
  const at = (type: string, y: number) =>
    el.dispatchEvent(
      new win.PointerEvent(type, { bubbles: true, pointerId: 1, pointerType, button: 0, clientX: 100, clientY: y }) as unknown as Event,
    );
  at('pointerdown', 500);
  at('pointermove', 500 + dy / 2);
  at('pointermove', 500 + dy);
  at('pointerup', 500 + dy);
  await settle();
}

test.after.each(async () => {
  await cleanup();
  win.happyDOM.setViewport({ width: 390, height: 844 });
});

test('the distance is a third of 60 % of the window height', () => {
  assert.is(closeDistance(844), 168.8);
  assert.is(closeDistance(600), 120);
});

for (const pointerType of ['touch', 'mouse'] as const) {
  test(`${pointerType}: a confirm sheet closes when dragged 170 px at 844 px, not at 160 px`, async () => {
    let closed = 0;
    const el = await render(
      <ConfirmDialog
        title="Leave?"
        description="You lose your place."
        cancelLabel="Cancel"
        confirmLabel="Leave"
        onCancel={() => closed++}
        onConfirm={() => {}}
      />,
    );
    const handle = el.querySelector('.dialog .sheet-handle')!;
    assert.ok(handle, 'a grab handle');
    await drag(handle, 160, pointerType);
    assert.is(closed, 0, 'short drag snaps back');
    assert.is((el.querySelector('.dialog') as HTMLElement).style.transform, '', 'back in place');
    await drag(handle, 170, pointerType);
    assert.is(closed, 1);
  });
}

test('the login sheet closes from its heading too; a smaller window needs less', async () => {
  win.happyDOM.setViewport({ width: 390, height: 600 });
  let closed = 0;
  const el = await render(<LoginDialog open onClose={() => closed++} />);
  await drag(el.querySelector('.dialog-head h2')!, 119, 'touch');
  assert.is(closed, 0);
  await drag(el.querySelector('.dialog-head h2')!, 121, 'touch');
  assert.is(closed, 1);
});

test.run();
