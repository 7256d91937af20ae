import { describe, expect, it } from 'vitest'
import { createCookieJars } from './cookie-jars.js'

describe('cookie jars', () => {
  it('keeps one jar per environment and replays cookies to the host that set them only', () => {
    const jars = createCookieJars()
    jars.jarFor('dev').setCookieSync('session=abc; Path=/', 'http://127.0.0.1:4000/login')
    expect(jars.jarFor('dev').getCookieStringSync('http://127.0.0.1:4000/me')).toBe('session=abc')
    expect(jars.jarFor('dev').getCookieStringSync('http://127.0.0.2:4000/me')).toBe('')
    expect(jars.jarFor('prod').getCookieStringSync('http://127.0.0.1:4000/me')).toBe('')
  })

  it('lists names and domains, never values', () => {
    const jars = createCookieJars()
    jars.jarFor('dev').setCookieSync('session=secret-value; Path=/; HttpOnly', 'http://localhost/login')
    const listed = jars.list('dev')
    expect(listed).toEqual([
      { name: 'session', domain: 'localhost', path: '/', hostOnly: true, secure: false, httpOnly: true },
    ])
    expect(JSON.stringify(listed)).not.toContain('secret-value')
    expect(jars.list('unknown')).toEqual([])
  })

  it('forgets an environment’s cookies on clear and reports how many there were', () => {
    const jars = createCookieJars()
    jars.jarFor('dev').setCookieSync('a=1', 'http://h.test/')
    jars.jarFor('dev').setCookieSync('b=2', 'http://h.test/')
    expect(jars.clear('dev')).toBe(2)
    expect(jars.jarFor('dev').getCookieStringSync('http://h.test/')).toBe('')
    expect(jars.clear('never-used')).toBe(0)
  })

  it('drops the least recently used environment beyond the bound', () => {
    const jars = createCookieJars({ maxEnvironments: 2 })
    jars.jarFor('a').setCookieSync('x=1', 'http://h.test/')
    jars.jarFor('b')
    jars.jarFor('a')
    jars.jarFor('c')
    expect(jars.size).toBe(2)
    expect(jars.list('a')).toHaveLength(1)
    expect(jars.list('b')).toEqual([])
  })

  it('evicts the oldest cookies of a jar past its cookie bound, keeping the newest', () => {
    const jars = createCookieJars({ maxCookiesPerJar: 3 })
    const jar = jars.jarFor('dev')
    for (const name of ['a', 'b', 'c', 'd', 'e']) jar.setCookieSync(`${name}=1`, 'http://h.test/')
    expect(jars.list('dev').map((c) => c.name)).toEqual(['c', 'd', 'e'])
    expect(jar.getCookieStringSync('http://h.test/')).toBe('c=1; d=1; e=1')
  })

  it('counts a re-set cookie once and makes it the newest', () => {
    const jars = createCookieJars({ maxCookiesPerJar: 2 })
    const jar = jars.jarFor('dev')
    jar.setCookieSync('a=1', 'http://h.test/')
    jar.setCookieSync('b=1', 'http://h.test/')
    jar.setCookieSync('a=2', 'http://h.test/')
    jar.setCookieSync('c=1', 'http://h.test/')
    expect(jars.list('dev').map((c) => c.name)).toEqual(['a', 'c'])
  })

  it('evicts by bytes as well as by count', () => {
    const jars = createCookieJars({ maxBytesPerJar: 100 })
    const jar = jars.jarFor('dev')
    jar.setCookieSync(`big=${'x'.repeat(60)}`, 'http://h.test/')
    jar.setCookieSync(`next=${'y'.repeat(60)}`, 'http://h.test/')
    expect(jars.list('dev').map((c) => c.name)).toEqual(['next'])
  })

  it('forgets a cookie the server expires, so it no longer counts', () => {
    const jars = createCookieJars({ maxCookiesPerJar: 2 })
    const jar = jars.jarFor('dev')
    jar.setCookieSync('a=1', 'http://h.test/')
    jar.setCookieSync('a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'http://h.test/')
    jar.getCookieStringSync('http://h.test/')
    jar.setCookieSync('b=1', 'http://h.test/')
    jar.setCookieSync('c=1', 'http://h.test/')
    expect(jars.list('dev').map((c) => c.name)).toEqual(['b', 'c'])
  })
})
