// @vitest-environment happy-dom
/** Checking as the user writes, in the page: which fields it watches, and which part of a draft it sends. */
import { describe, expect, it } from 'vitest';
import { finishedPart, writableDraft } from '@/utils/page/as-you-write-watcher';

describe('the part of a draft sent as the user writes', () => {
  it('stops at the end of the last finished sentence: the one being typed is not sent', () => {
    expect(finishedPart('The Moon is round. It orbits the Ear')).toBe('The Moon is round.');
    expect(finishedPart('Is it? Yes! And then')).toBe('Is it? Yes!');
    expect(finishedPart('He said “it is.” Then he')).toBe('He said “it is.”');
    expect(finishedPart('No sentence is finished yet')).toBe('');
  });

  it('counts a line break as an end, and a stop at the very end of the draft as one', () => {
    expect(finishedPart('A title\nThe Moon is round. It')).toBe('A title\nThe Moon is round.');
    expect(finishedPart('The Moon is round.')).toBe('The Moon is round.');
    expect(finishedPart('The Moon is round. ')).toBe('The Moon is round.');
    // A stop inside a word or a number ends nothing.
    expect(finishedPart('It is 3.5 km from e.g')).toBe('');
  });

  it('ends Chinese and Japanese sentences at their full stops', () => {
    expect(finishedPart('月は丸い。地球の')).toBe('月は丸い。');
  });

  it('sends it all once the user left the field', () => {
    expect(finishedPart('The Moon is round. It orbits the Earth', true)).toBe('The Moon is round. It orbits the Earth');
  });
});

describe('the fields watched', () => {
  const ownUi = document.createElement('factlens-overlay');

  function placed<T extends HTMLElement>(element: T, around?: (wrapper: HTMLElement) => void): T {
    const wrapper = document.createElement('div');
    around?.(wrapper);
    wrapper.append(element);
    document.body.replaceChildren(wrapper, ownUi);
    return element;
  }
  const input = (type: string) => placed(Object.assign(document.createElement('input'), { type }));

  it('are textareas and contenteditable drafts', () => {
    const textarea = placed(document.createElement('textarea'));
    expect(writableDraft(textarea, ownUi)).toBe(textarea);
    const editable = placed(document.createElement('div'));
    editable.contentEditable = 'true';
    // happy-dom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(writableDraft(editable, ownUi)).toBe(editable);
  });

  it('are never one-line inputs, of any type: a form’s name, street or card number is no draft', () => {
    for (const type of ['text', '', 'password', 'search', 'email', 'url', 'number', 'tel'])
      expect(writableDraft(input(type), ownUi), type).toBeNull();
  });

  it('are never a field whose autocomplete names a person’s details, or whose inputmode is not for prose', () => {
    const personal = [
      'name',
      'given-name',
      'family-name',
      'email',
      'tel',
      'tel-national',
      'street-address',
      'address-line1',
      'address-level2',
      'postal-code',
      'country',
      'country-name',
      'cc-number',
      'cc-csc',
      'bday',
      'bday-year',
      'one-time-code',
      'username',
      'current-password',
      'new-password',
      'organization',
      'shipping street-address',
      'section-a billing postal-code',
    ];
    for (const token of personal) {
      const field = placed(document.createElement('textarea'));
      field.setAttribute('autocomplete', token);
      expect(writableDraft(field, ownUi), token).toBeNull();
    }
    for (const mode of ['numeric', 'decimal', 'tel', 'email']) {
      const field = placed(document.createElement('textarea'));
      field.setAttribute('inputmode', mode);
      expect(writableDraft(field, ownUi), mode).toBeNull();
    }
    // A comment box is a draft, whatever fields stand beside it, and so is one that merely turns autofill off.
    const form = placed(document.createElement('form'));
    form.innerHTML =
      '<input autocomplete="name"><input type="email" autocomplete="email"><textarea autocomplete="off"></textarea>';
    const comment = form.querySelector('textarea')!;
    expect(writableDraft(comment, ownUi)).toBe(comment);
    comment.setAttribute('inputmode', 'text');
    expect(writableDraft(comment, ownUi)).toBe(comment);
  });

  it('are never a read-only field, nor what is not a field', () => {
    const readOnly = placed(Object.assign(document.createElement('textarea'), { readOnly: true }));
    expect(writableDraft(readOnly, ownUi)).toBeNull();
    expect(writableDraft(placed(document.createElement('p')), ownUi)).toBeNull();
    expect(writableDraft(null, ownUi)).toBeNull();
  });

  it('leave out a field that opted out of writing tools, or is inside an element that did', () => {
    for (const [name, value] of [
      ['data-gramm', 'false'],
      ['data-gramm_editor', 'false'],
      ['data-enable-grammarly', 'false'],
      ['data-lt-active', 'false'],
      ['data-factlens', 'off'],
    ]) {
      const onField = placed(document.createElement('textarea'));
      onField.setAttribute(name!, value!);
      expect(writableDraft(onField, ownUi), `${name} on the field`).toBeNull();
      const inside = placed(document.createElement('textarea'), (wrapper) => wrapper.setAttribute(name!, value!));
      expect(writableDraft(inside, ownUi), `${name} around it`).toBeNull();
    }
    const allowed = placed(document.createElement('textarea'), (wrapper) => wrapper.setAttribute('data-gramm', 'true'));
    expect(writableDraft(allowed, ownUi)).toBe(allowed);
  });

  it('leave out a field in a shadow tree whose host opted out', () => {
    const host = placed(document.createElement('div'));
    host.setAttribute('data-factlens', 'off');
    const field = document.createElement('textarea');
    host.attachShadow({ mode: 'open' }).append(field);
    expect(writableDraft(field, ownUi)).toBeNull();
  });
});
