import type { Categorias as CategoriasType, CategoriaListarParams } from '../resources/catalogo.js';
import type { Categoria } from '../models/index.js';

/** Categories: `client.categorias` (this type), its record and parameters. */
export type Categorias = CategoriasType;

/** Categories: `client.categorias` (this type), its record and parameters. */
export declare namespace Categorias {
  export {
    type Categoria as Categoria,
    type CategoriaListarParams as CategoriaListarParams,
  };
}
