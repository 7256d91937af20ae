import { describe, expect, it } from 'vitest'
import { headerText, pathSegment, querySegments } from './parameter-style.js'

// The examples of the OpenAPI 3 specification's style table: color = "blue", ["blue","black","brown"],
// {"R":100,"G":200,"B":150}.
const array = ['blue', 'black', 'brown']
const object = { R: 100, G: 200, B: 150 }
const query = (value: unknown, s: object) => querySegments('color', value, s).join('&')

describe('querySegments', () => {
  it('keeps SPEC.md’s defaults when the document states nothing: arrays repeat, objects use brackets', () => {
    expect(query(array, {})).toBe('color=blue&color=black&color=brown')
    expect(query(object, {})).toBe('color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150')
    expect(query('blue', {})).toBe('color=blue')
    expect(query(undefined, {})).toBe('')
  })

  it('writes form, spaceDelimited, pipeDelimited and deepObject as the specification’s table does', () => {
    expect(query(array, { style: 'form', explode: true })).toBe('color=blue&color=black&color=brown')
    expect(query(array, { explode: false })).toBe('color=blue,black,brown')
    expect(query(object, { style: 'form', explode: false })).toBe('color=R,100,G,200,B,150')
    expect(query(object, { style: 'form' })).toBe('R=100&G=200&B=150')
    expect(query(array, { style: 'spaceDelimited' })).toBe('color=blue%20black%20brown')
    expect(query(array, { style: 'pipeDelimited', explode: false })).toBe('color=blue%7Cblack%7Cbrown')
    expect(query(object, { style: 'deepObject', explode: true })).toBe(
      'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150',
    )
    expect(query('blue', { explode: false })).toBe('color=blue')
  })

  it('encodes each item but keeps the delimiters literal', () => {
    expect(query(['a,b', 'c&d'], { explode: false })).toBe('color=a%2Cb,c%26d')
    expect(querySegments('$select', ['id', 'displayName'], { explode: false })).toEqual(['%24select=id,displayName'])
  })
})

describe('pathSegment', () => {
  it('writes simple, label and matrix, exploded or not', () => {
    expect(pathSegment('color', 'blue', {})).toBe('blue')
    expect(pathSegment('color', array, {})).toBe('blue,black,brown')
    expect(pathSegment('color', object, {})).toBe('R,100,G,200,B,150')
    expect(pathSegment('color', object, { explode: true })).toBe('R=100,G=200,B=150')
    expect(pathSegment('color', 'blue', { style: 'label' })).toBe('.blue')
    expect(pathSegment('color', array, { style: 'label' })).toBe('.blue,black,brown')
    expect(pathSegment('color', array, { style: 'label', explode: true })).toBe('.blue.black.brown')
    expect(pathSegment('color', object, { style: 'label', explode: true })).toBe('.R=100.G=200.B=150')
    expect(pathSegment('color', 'blue', { style: 'matrix' })).toBe(';color=blue')
    expect(pathSegment('color', array, { style: 'matrix' })).toBe(';color=blue,black,brown')
    expect(pathSegment('color', array, { style: 'matrix', explode: true })).toBe(';color=blue;color=black;color=brown')
    expect(pathSegment('color', object, { style: 'matrix', explode: true })).toBe(';R=100;G=200;B=150')
    expect(pathSegment('id', 'a/b c', {})).toBe('a%2Fb%20c')
  })
})

describe('headerText', () => {
  it('joins arrays with commas and writes objects by the stated explode (JSON when nothing is stated)', () => {
    expect(headerText(array, {})).toBe('blue,black,brown')
    expect(headerText(object, { style: 'simple' })).toBe('R,100,G,200,B,150')
    expect(headerText(object, { explode: true })).toBe('R=100,G=200,B=150')
    expect(headerText(object, {})).toBe('{"R":100,"G":200,"B":150}')
    expect(headerText(7, {})).toBe('7')
  })
})
