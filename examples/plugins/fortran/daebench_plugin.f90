! daebench_plugin.f90 — the daebench solver plugin ABI (include/daebench/plugin.h,
! ABI 1.0) in Fortran 2003 through iso_c_binding: the structs as bind(C)
! derived types, the callbacks as abstract interfaces.  A Fortran solver uses
! this module and exports the functions of plugin.h with bind(C, name=...)
! (see euler_plugin.f90); no C code is needed.  Keep it in step with plugin.h:
! a field added there in a new minor version is added at the end here.
module daebench_plugin
  use iso_c_binding
  implicit none

  integer(c_int), parameter :: DAEBENCH_PLUGIN_ABI_VERSION = 1000   ! 1000 * major + minor

  ! status of integrate
  integer(c_int), parameter :: DBP_OK = 0, DBP_FAIL_STEPSIZE = 1, DBP_FAIL_NEWTON = 2, &
       DBP_FAIL_BUDGET = 3, DBP_FAIL_INPUT = 4, DBP_FAIL_NONFINITE = 5, DBP_FAIL_MEMORY = 6
  ! formulations (bit f of dbp_solver_desc%forms)
  integer(c_int), parameter :: DBP_EOM = 0, DBP_EOM1 = 1, DBP_EOM0 = 2, DBP_GGL = 3, &
       DBP_OEOM1 = 4, DBP_OEOM0 = 5
  integer, parameter :: DBP_MAX_EXTRA = 8, DBP_NAME_LEN = 32

  type, bind(C) :: dbp_dae
     integer(c_int) :: form, n, neq
     real(c_double) :: t0, tend
     type(c_ptr) :: E, index, row_kind, y0, yp0
     integer(c_int) :: off_p, off_v, off_a, off_l, off_m, off_eta
     type(c_ptr) :: ctx
     type(c_funptr) :: rhs, jac
     integer(c_int) :: jac_nnz
     type(c_ptr) :: jac_colptr, jac_rowind, E_sp
     type(c_funptr) :: jac_sparse
     type(c_ptr) :: mech           ! dbp_mech (not used by this example)
  end type dbp_dae

  type, bind(C) :: dbp_options
     real(c_double) :: rtol, atol, h0, hmax
     integer(c_long) :: max_steps
     real(c_double) :: max_cpu
     type(c_ptr) :: variant
  end type dbp_options

  type, bind(C) :: dbp_output
     integer(c_int) :: nt
     type(c_ptr) :: t, y
  end type dbp_output

  type, bind(C) :: dbp_extra
     character(kind=c_char) :: name(DBP_NAME_LEN)
     integer(c_long) :: value
  end type dbp_extra

  type, bind(C) :: dbp_counters
     integer(c_long) :: steps, rejected, f_evals, jac_evals, decompositions, solves
     integer(c_int) :: nextra
     type(dbp_extra) :: extra(DBP_MAX_EXTRA)
  end type dbp_counters

  type, bind(C) :: dbp_solver_desc
     character(kind=c_char) :: name(DBP_NAME_LEN)
     character(kind=c_char) :: title(128)
     integer(c_int) :: forms       ! unsigned in C; bits 0..5
  end type dbp_solver_desc

  abstract interface
     ! F(t, y) into F(neq), dF/dy into J(neq, n): 0 or nonzero
     integer(c_int) function dbp_rhs_fn(ctx, t, y, F) bind(C)
       import :: c_ptr, c_double, c_int
       type(c_ptr), value :: ctx
       real(c_double), value :: t
       real(c_double), intent(in) :: y(*)
       real(c_double) :: F(*)
     end function dbp_rhs_fn
  end interface

contains

  ! a Fortran string into a NUL-terminated C char array of length cap
  subroutine dbp_set_string(dst, cap, text)
    integer, intent(in) :: cap
    character(kind=c_char), intent(inout) :: dst(cap)
    character(len=*), intent(in) :: text
    integer :: i, m
    m = min(len(text), cap - 1)
    do i = 1, m
       dst(i) = text(i:i)
    end do
    dst(m + 1) = c_null_char
  end subroutine dbp_set_string

end module daebench_plugin
