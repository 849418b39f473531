import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Announcer } from '../../../relay/shared/announcer.js';

describe('Announcer<T>', () => {
  it('tells every listener of each event, in the order they subscribed', () => {
    const announcer = new Announcer<number>();
    const heard: string[] = [];
    announcer.subscribe((n) => heard.push(`metrics ${n}`));
    announcer.subscribe((n) => heard.push(`feed ${n}`));
    announcer.emit(1);
    announcer.emit(2);
    assert.deepEqual(heard, ['metrics 1', 'feed 1', 'metrics 2', 'feed 2']);
  });

  it('emits to nobody when nobody listens', () => {
    assert.doesNotThrow(() => new Announcer<string>().emit('unheard'));
  });

  it('stops only the listener whose returned function was called', () => {
    const announcer = new Announcer<string>();
    const heard: string[] = [];
    const stopFeed = announcer.subscribe((e) => heard.push(`feed ${e}`));
    announcer.subscribe((e) => heard.push(`count ${e}`));
    announcer.emit('a');
    stopFeed();
    announcer.emit('b');
    stopFeed();
    announcer.emit('c');
    assert.deepEqual(heard, ['feed a', 'count a', 'count b', 'count c']);
  });

  it("lets a listener's error reach the emitter, uncaught, before the listeners after it hear the event", () => {
    const announcer = new Announcer<string>();
    const heard: string[] = [];
    const bug = new Error("the listener's bug");
    announcer.subscribe(() => {
      throw bug;
    });
    announcer.subscribe((e) => heard.push(e));
    assert.throws(
      () => announcer.emit('x'),
      (error) => error === bug,
    );
    assert.deepEqual(heard, []);
  });
});
