import { describe, expect, it } from 'vitest'
import { isOwner, youBadge } from './isOwner'

const owners = [
  { value: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
]

describe('isOwner', () => {
  it('default: any casing of an owner matches; no account or a stranger does not', () => {
    expect(isOwner(owners, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(true)
    expect(isOwner(owners, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe(false)
    expect(isOwner(owners, undefined)).toBe(false)
  })

  it('youBadge: only the connected owner is "you"', () => {
    expect(owners.map((owner) => youBadge(owner, owners[1]?.value))).toEqual([undefined, 'you'])
  })
})
