import crypto from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { PackImageType } from '../../shared/validation/catalogue';

/** An uploaded pack image as it is served. */
export interface StoredImage {
  type: PackImageType;
  bytes: Buffer;
}

/**
 * catalogue_images/{sha256}: the pack images staff uploaded, by the hash of their bytes (the same image uploaded twice
 * is one document, and a name never serves other bytes, so it may be cached for good). Served from the store's own
 * origin, so the page's Content-Security-Policy needs no other image host.
 */
export interface CatalogueImages {
  /** Stores the image (checked by the caller) and answers its hash. */
  save(image: StoredImage, staff: string, now: number): Promise<string>;
  read(hash: string): Promise<StoredImage | null>;
}

export const imageHashOf = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

/** How many images an instance keeps in memory: a shelf's worth and more. */
const IMAGES_KEPT = 64;

export function firestoreCatalogueImages(db: Firestore): CatalogueImages {
  const images = db.collection(COLLECTIONS.catalogueImages);
  const kept = new Map<string, StoredImage>();
  return {
    async save(image, staff, now) {
      const hash = imageHashOf(image.bytes);
      await images.doc(hash).set({ type: image.type, bytes: image.bytes, size: image.bytes.length, uploadedBy: staff, uploadedAt: now });
      return hash;
    },
    async read(hash) {
      const known = kept.get(hash);
      if (known) return known;
      const data = (await images.doc(hash).get()).data();
      if (!data) return null;
      const image: StoredImage = { type: data.type as PackImageType, bytes: Buffer.from(data.bytes as Uint8Array) };
      if (kept.size >= IMAGES_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(hash, image);
      return image;
    },
  };
}
